"""What a ride costs."""
from dockbikes.plans import grace_minutes, load_plans


def ride_cost(plan_name, minutes, path=None):
    """Price of a ride of `minutes` whole minutes on plan `plan_name`."""
    plans = load_plans(path)
    if plan_name not in plans:
        raise KeyError("unknown plan: %s" % plan_name)
    if minutes < grace_minutes(path):
        return 0.0
    plan = plans[plan_name]
    billable = max(0, minutes - plan.included_minutes)
    return round(plan.unlock_fee + billable * plan.per_minute, 2)


def cheapest_plan(minutes, path=None):
    """The plan name that makes a ride of `minutes` cheapest (ties: alphabetical)."""
    costs = {name: ride_cost(name, minutes, path) for name in load_plans(path)}
    return min(sorted(costs), key=lambda name: costs[name])
