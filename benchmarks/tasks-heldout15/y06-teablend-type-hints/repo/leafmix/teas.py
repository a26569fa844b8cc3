"""The leaves in stock: caffeine per gram of dry leaf (mg)."""

CAFFEINE_MG_PER_G = {
    "assam": 22.0,
    "ceylon": 20.0,
    "kenya": 21.0,
    "sencha": 15.0,
    "bergamot": 0.0,
    "rooibos": 0.0,
    "hibiscus": 0.0,
    "rosehip": 0.0,
}
