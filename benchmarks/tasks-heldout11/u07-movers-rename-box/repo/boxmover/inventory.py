"""The box list a customer fills in: 'label; room; kg[; fragile]' per line."""

from typing import Dict, List

from boxmover.box import Box


def parse_line(line: str) -> Box:
    fields = [f.strip() for f in line.split(";")]
    if len(fields) not in (3, 4):
        raise ValueError("expected 'label; room; kg[; fragile]': %r" % (line,))
    fragile = len(fields) == 4 and fields[3].lower() in ("fragile", "yes", "y")
    return Box(fields[0], fields[1].lower(), float(fields[2]), fragile)


def parse_inventory(lines) -> List[Box]:
    boxes = []
    for line in lines:
        if line.strip() and not line.lstrip().startswith("#"):
            boxes.append(parse_line(line))
    return boxes


def total_weight(boxes: List[Box]) -> float:
    return round(sum(b.weight_kg for b in boxes), 1)


def by_room(boxes: List[Box]) -> Dict[str, List[Box]]:
    rooms: Dict[str, List[Box]] = {}
    for box in boxes:
        rooms.setdefault(box.room, []).append(box)
    return rooms
