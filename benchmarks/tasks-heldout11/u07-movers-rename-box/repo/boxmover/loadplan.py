"""Split the boxes over vans: heavy boxes go in first, fragile ones last."""

from typing import List

from boxmover.box import Box

VAN_CAPACITY_KG = 600.0


def loading_order(boxes: List[Box]) -> List[Box]:
    """Heaviest first, but every fragile box after every sturdy one."""
    return sorted(boxes, key=lambda b: (b.fragile, -b.weight_kg))


def plan_vans(boxes: List[Box], capacity_kg: float = VAN_CAPACITY_KG) -> List[List[Box]]:
    """Fill vans one after another in loading order."""
    vans: List[List[Box]] = [[]]
    load = 0.0
    for box in loading_order(boxes):
        if box.weight_kg > capacity_kg:
            raise ValueError("box %r is heavier than a whole van" % (box.label,))
        if load + box.weight_kg > capacity_kg:
            vans.append([])
            load = 0.0
        vans[-1].append(box)
        load += box.weight_kg
    return vans if vans[0] else []
