"""A few house recipes, in grams for one loaf."""

COUNTRY_LOAF = {
    "flour": 500,
    "water": 360,
    "starter": 100,
    "salt": 10,
}

RYE_TIN = {
    "flour": 400,
    "water": 340,
    "starter": 120,
    "salt": 8,
    "seeds": 60,
}

FOCACCIA = {
    "flour": 600,
    "water": 480,
    "starter": 90,
    "salt": 12,
    "olive_oil": 40,
}
