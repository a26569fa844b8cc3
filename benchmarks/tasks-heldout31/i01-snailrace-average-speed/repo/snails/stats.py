"""Small sums for the league table."""


def average(values):
    """The mean of a list of numbers (0 for an empty list)."""
    if not values:
        return 0
    return sum(values) // len(values)


def best(values):
    return max(values) if values else 0
