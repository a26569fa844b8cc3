"""python -m shear.tally RUNS.csv: sheep shorn and fleece weight per shearer."""
import argparse

from shear.runs import load_runs

LB_IN_KG = 0.45359237


def parse_fleece_kg(text):
    """Kilograms from a weight written as '96.5kg', '96.5 kg', '210lb', '210 lbs' or a bare number (kg)."""
    t = text.strip().lower().replace(" ", "")
    if t.endswith("kg"):
        return float(t[:-2])
    if t.endswith("lbs"):
        return float(t[:-3]) * LB_IN_KG
    if t.endswith("lb"):
        return float(t[:-2]) * LB_IN_KG
    return float(t)


def tally(runs):
    shearers = {}
    for run in runs:
        sheep, kg = shearers.get(run.shearer, (0, 0.0))
        shearers[run.shearer] = (sheep + run.sheep, kg + parse_fleece_kg(run.fleece))
    return shearers


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m shear.tally")
    parser.add_argument("runs")
    args = parser.parse_args(argv)
    for shearer, (sheep, kg) in sorted(tally(load_runs(args.runs)).items(), key=lambda kv: -kv[1][0]):
        print("%-16s %4d sheep  %7.1f kg  %.2f kg a fleece" % (shearer, sheep, kg, kg / sheep))


if __name__ == "__main__":
    main()
