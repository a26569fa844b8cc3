"""Project files: a name line, then one line per warp or weft yarn.

    name: Herringbone scarf
    warp, 8/2 cotton natural, 624
    weft, 8/2 cotton indigo, 410

Metres are whole numbers. Lines starting with # are notes."""


def load_project(path):
    """(name, [(use, yarn, metres)]) from a project file."""
    name, lines = None, []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.lower().startswith("name:"):
                name = line.split(":", 1)[1].strip()
                continue
            use, yarn, metres = [part.strip() for part in line.split(",")]
            lines.append((use.lower(), yarn, int(metres)))
    return name or path, lines


def yarn_totals(lines, totals={}):
    """{yarn: metres} for one project, warp and weft added together."""
    for _use, yarn, metres in lines:
        totals[yarn] = totals.get(yarn, 0) + metres
    return totals
