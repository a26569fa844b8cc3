"""python -m loom.yarn PROJECT...: the yarn each project needs, in metres and cones."""
import argparse
import math

from loom.projects import load_project, yarn_totals

SPARE_PERCENT = 10    # over for sampling and loom waste
CONE_METRES = 1680    # an 8/2 cotton cone, 250 g


def yarn_lines(name, lines):
    out = [name]
    for yarn, metres in sorted(yarn_totals(lines).items()):
        need = -(-metres * (100 + SPARE_PERCENT) // 100)
        out.append("  %-26s %5d m  %d cone(s)" % (yarn, need, math.ceil(need / CONE_METRES)))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m loom.yarn")
    parser.add_argument("projects", nargs="+")
    args = parser.parse_args(argv)
    for path in args.projects:
        print("\n".join(yarn_lines(*load_project(path))))


if __name__ == "__main__":
    main()
