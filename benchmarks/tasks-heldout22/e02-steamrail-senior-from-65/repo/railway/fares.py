"""Ticket fares for the Wenlow Valley Railway (all amounts in pence)."""

FREE_UNDER = 5      # under-fives travel free
CHILD_UNDER = 16    # 5 to 15 pay the child fare
SENIOR_AGE = 65     # seniors are over 65

RETURN_FARES = {"adult": 1800, "child": 900, "senior": 1400, "free": 0}
SINGLE_PERCENT = 60  # a single costs 60% of the return, rounded down
FAMILY_FARE = 4800   # two adults and up to three children, return
SENIOR_TUESDAY_PERCENT = 50


def passenger_type(age):
    """"free", "child", "adult" or "senior" for a passenger's age in years."""
    if age < 0:
        raise ValueError("age cannot be negative")
    if age < FREE_UNDER:
        return "free"
    if age < CHILD_UNDER:
        return "child"
    if age > SENIOR_AGE:
        return "senior"
    return "adult"


def fare(age, journey="return"):
    """The fare for one passenger."""
    price = RETURN_FARES[passenger_type(age)]
    if journey == "single":
        return price * SINGLE_PERCENT // 100
    if journey != "return":
        raise ValueError("journey must be 'single' or 'return'")
    return price


def tuesday_fare(age, journey="return"):
    """Seniors' Tuesday special: seniors pay half the senior fare."""
    price = fare(age, journey)
    if age > SENIOR_AGE:
        price = price * SENIOR_TUESDAY_PERCENT // 100
    return price


def family_ticket_fits(ages):
    """True if a party can travel on one family ticket (return journeys)."""
    kinds = [passenger_type(a) for a in ages]
    grown_ups = sum(1 for k in kinds if k in ("adult", "senior"))
    children = sum(1 for k in kinds if k == "child")
    return 1 <= grown_ups <= 2 and 1 <= children <= 3


def party_fare(ages, journey="return", tuesday=False):
    """The cheapest total for a party travelling together."""
    each = tuesday_fare if tuesday else fare
    separately = sum(each(a, journey) for a in ages)
    if journey == "return" and family_ticket_fits(ages):
        return min(separately, FAMILY_FARE)
    return separately
