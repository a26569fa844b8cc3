"""Kitchen-wide settings."""

DEFAULT_SERVINGS = 4
ROUND_TO_GRAMS = 5
PACK_SIZES = {
    "flour": 1000,
    "butter": 250,
    "sugar": 1000,
    "rice": 2000,
}
