"""Which finds may have to be reported as treasure.

Simplified club rule: gold or silver objects from the Medieval period or
earlier must go to the coroner.
"""

PERIODS = [
    "Bronze Age",
    "Iron Age",
    "Roman",
    "Early Medieval",
    "Medieval",
    "Post-Medieval",
    "Modern",
]
PRECIOUS = ("gold", "silver")
LAST_TREASURE_PERIOD = "Medieval"


def may_be_treasure(find):
    """True if the find is precious metal from the Medieval period or earlier."""
    old_enough = PERIODS.index(find.period) <= PERIODS.index(LAST_TREASURE_PERIOD)
    return find.material in PRECIOUS and old_enough


def for_the_coroner(finds):
    return [f for f in finds if may_be_treasure(f)]
