"""How many ride tokens a group needs."""

RIDES = {
    "carousel": 2,
    "dodgems": 4,
    "ghost train": 3,
    "big wheel": 5,
    "helter skelter": 2,
}

CHILD_AGE = 12       # under this age a ride costs one token less
TODDLER_AGE = 4      # under this age rides are free
GROUP_SIZE = 5       # groups this big get a tenth off


def ride_cost(ride, age):
    """Tokens for one person of `age` to go on `ride` once."""
    if age < TODDLER_AGE:
        return 0
    cost = RIDES[ride]
    if age < CHILD_AGE:
        cost = max(1, cost - 1)
    return cost


def group_tokens(ages, rides):
    """Tokens for everyone in `ages` to go on every ride in `rides` once."""
    total = sum(ride_cost(ride, age) for age in ages for ride in rides)
    if len(ages) >= GROUP_SIZE:
        total -= total // 10
    return total
