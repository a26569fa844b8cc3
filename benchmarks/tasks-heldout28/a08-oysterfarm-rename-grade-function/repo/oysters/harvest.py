"""python -m oysters.harvest SAMPLES.csv: grade split for each bag sampled at harvest."""
import argparse
import csv

from oysters.grading import calc_g, grade_counts


def load_samples(path):
    """{bag: [weights in grams]} in file order."""
    bags = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            bags.setdefault(row["bag"].strip(), []).append(float(row["grams"]))
    return bags


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m oysters.harvest")
    parser.add_argument("samples")
    args = parser.parse_args(argv)
    for bag, weights in load_samples(args.samples).items():
        counts = grade_counts(weights)
        split = "  ".join("%s %d" % (grade, n) for grade, n in counts.items())
        heaviest = calc_g(max(weights))
        print("%-6s %3d sampled  %s  (best: %s)" % (bag, len(weights), split, heaviest))


if __name__ == "__main__":
    main()
