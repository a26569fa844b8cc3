"""boxmover: box lists and van loading plans for a small removals firm."""

from boxmover.box import Box
from boxmover.inventory import by_room, parse_inventory, total_weight
from boxmover.loadplan import plan_vans

__all__ = ["Box", "by_room", "parse_inventory", "plan_vans", "total_weight"]
