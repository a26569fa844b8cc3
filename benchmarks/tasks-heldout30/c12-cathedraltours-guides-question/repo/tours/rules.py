"""The chapter's rules for tours, as agreed in 2019."""

MAX_GROUP = 60
TOWER_MIN_AGE = 10


def guides_needed(group_size):
    """How many guides a group needs: one for every 25 visitors."""
    return max(1, -(-group_size // 25))


def tower_allowed(youngest_age):
    return youngest_age >= TOWER_MIN_AGE
