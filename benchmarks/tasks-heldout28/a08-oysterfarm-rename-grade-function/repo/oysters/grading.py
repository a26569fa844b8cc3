"""Pacific oysters are sold by size grade, judged by whole weight in grams."""

# (grade, lightest weight in grams), heaviest grade first
GRADES = [("No.1", 150), ("No.2", 110), ("No.3", 80), ("No.4", 60)]
UNDERSIZE = "undersize"


def calc_g(weight_g):
    """The size grade for an oyster of `weight_g` grams ('undersize' below No.4)."""
    if weight_g <= 0:
        raise ValueError("weight must be positive, got %r" % weight_g)
    for grade, lightest in GRADES:
        if weight_g >= lightest:
            return grade
    return UNDERSIZE


def grade_counts(weights):
    """{grade: count} for a sample of weights, every grade listed, heaviest first."""
    counts = {grade: 0 for grade, _ in GRADES}
    counts[UNDERSIZE] = 0
    for w in weights:
        counts[calc_g(w)] += 1
    return counts
