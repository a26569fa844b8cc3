"""How much sugar a batch takes and how many jars it fills. Weights in grams."""
import math

SUGAR_RATIO = {"strawberry": 1.0, "raspberry": 1.0, "plum": 0.8, "blackcurrant": 1.25}
SET_LOSS = 0.15          # share of the weight boiled off before the jam sets
JAR_SIZES = {"small": 227, "standard": 454}
SPARE_JARS = 1           # always sterilise one more than needed


def sugar_g(fruit, fruit_g):
    return round(fruit_g * SUGAR_RATIO.get(fruit, 1.0))


def yield_g(fruit, fruit_g):
    """Weight of jam from the fruit and its sugar, once boiled down."""
    return (fruit_g + sugar_g(fruit, fruit_g)) * (1 - SET_LOSS)


def jars(fruit, fruit_g, size="standard"):
    """Jars to sterilise for one batch."""
    return math.ceil(yield_g(fruit, fruit_g) / JAR_SIZES[size]) + SPARE_JARS


def label(fruit, fruit_g, size="standard"):
    return "%s jam: %d g fruit, %d g sugar, %d %s jars" % (
        fruit.title(), fruit_g, sugar_g(fruit, fruit_g), jars(fruit, fruit_g, size), size)
