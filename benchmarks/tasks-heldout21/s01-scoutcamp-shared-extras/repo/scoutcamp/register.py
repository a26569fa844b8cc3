"""Read the camp register and print packing sheets.

One scout per line: ``Name, nights[, extra; extra; ...]``. Blank lines and
lines starting with ``#`` are skipped.
"""
import argparse
import sys

from scoutcamp.kit import Camper


def parse_line(line):
    """(name, nights, [extras]) from one register line."""
    parts = [p.strip() for p in line.split(",", 2)]
    if len(parts) < 2 or not parts[0]:
        raise ValueError("bad register line: %r" % line)
    extras = [e for e in (x.strip() for x in parts[2].split(";"))] if len(parts) == 3 else []
    return parts[0], int(parts[1]), [e for e in extras if e]


def load_register(text):
    """Campers read from the register text, in register order."""
    campers = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, nights, extras = parse_line(line)
        camper = Camper(name, nights)
        for item in extras:
            camper.add_extra(item)
        campers.append(camper)
    return campers


def packing_sheet(camper, wet=False):
    """The sheet a scout takes home, as text."""
    night_word = "night" if camper.nights == 1 else "nights"
    lines = ["Kit for %s (%d %s)" % (camper.name, camper.nights, night_word)]
    for item, qty in camper.kit(wet):
        lines.append("  [ ] %d x %s" % (qty, item))
    lines.append("  %d items in all" % camper.item_count(wet))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="scoutcamp.register")
    parser.add_argument("register", help="the camp register file")
    parser.add_argument("--wet", action="store_true", help="add wet-weather gear")
    args = parser.parse_args(argv)
    with open(args.register, encoding="utf-8") as fh:
        campers = load_register(fh.read())
    print("\n\n".join(packing_sheet(c, args.wet) for c in campers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
