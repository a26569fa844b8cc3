"""Sail orders: one line per sail, 'ref, kind, luff m, foot m, cloth'."""

KINDS = ("main", "jib", "genoa", "spinnaker")


def parse_sail(line):
    """(ref, kind, luff_m, foot_m, cloth) from one order line."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 5:
        raise ValueError("expected 5 fields: %r" % line)
    if parts[1] not in KINDS:
        raise ValueError("unknown sail kind: %s" % parts[1])
    return (parts[0], parts[1], float(parts[2]), float(parts[3]), parts[4])


def load_orders(path):
    with open(path, encoding="utf-8") as f:
        return [parse_sail(line) for line in f if line.strip() and not line.startswith("#")]
