"""Who may use a pool, and when."""


def is_open(pool, at):
    """Is `pool` open at clock time `at` ('HH:MM')?"""
    return pool.opens <= at < pool.closes


def may_enter(pool, age, tattoo, at):
    """(allowed, reason) for one bather arriving at `at`."""
    if not is_open(pool, at):
        return False, "%s is open %s-%s" % (pool.name, pool.opens, pool.closes)
    if age < pool.min_age:
        return False, "%s is for ages %d and over" % (pool.name, pool.min_age)
    if tattoo and not pool.tattoos_ok:
        return False, "%s does not allow tattoos" % pool.name
    return True, "welcome"


def pools_open(pools, at):
    """Names of the pools open at `at`, sorted."""
    return sorted(name for name, pool in pools.items() if is_open(pool, at))
