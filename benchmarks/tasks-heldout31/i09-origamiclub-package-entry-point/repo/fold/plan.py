"""python -m fold.plan MODEL COUNT [--spare PERCENT]: paper and time for a session."""
import argparse
import math
import sys

from fold.models import MODELS, find


def plan(model, count, spare_percent=10):
    sheets = math.ceil(model.sheets * count * (100 + spare_percent) / 100)
    return sheets, model.minutes * count


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fold.plan")
    ap.add_argument("model")
    ap.add_argument("count", type=int)
    ap.add_argument("--spare", type=int, default=10, help="extra paper, per cent")
    args = ap.parse_args(argv)
    try:
        model = find(args.model)
    except KeyError:
        print("unknown model %r; try: %s" % (args.model, ", ".join(sorted(MODELS))), file=sys.stderr)
        return 2
    sheets, minutes = plan(model, args.count, args.spare)
    print("%d x %s: %d sheets of %g cm paper, about %dh%02d" % (args.count, model.name, sheets, model.paper_cm,
                                                               minutes // 60, minutes % 60))
    return 0


if __name__ == "__main__":
    sys.exit(main())
