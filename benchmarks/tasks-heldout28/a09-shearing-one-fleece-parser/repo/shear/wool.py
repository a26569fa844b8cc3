"""python -m shear.wool RUNS.csv: wool per flock and how many bales to send."""
import argparse
import math

from shear.runs import load_runs

BALE_KG = 180  # a full wool pack


def parse_fleece_kg(text):
    """Kilograms from a fleece weight such as '96.5kg'."""
    digits = "".join(ch for ch in text if ch.isdigit() or ch == ".")
    return float(digits)


def wool_by_flock(runs):
    out = {}
    for run in runs:
        out[run.flock] = out.get(run.flock, 0.0) + parse_fleece_kg(run.fleece)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m shear.wool")
    parser.add_argument("runs")
    args = parser.parse_args(argv)
    flocks = wool_by_flock(load_runs(args.runs))
    for flock, kg in sorted(flocks.items()):
        print("%-20s %8.1f kg  %d bale(s)" % (flock, kg, math.ceil(kg / BALE_KG)))
    total = sum(flocks.values())
    print("%-20s %8.1f kg  %d bale(s)" % ("all flocks", total, math.ceil(total / BALE_KG)))


if __name__ == "__main__":
    main()
