"""python -m thatch.schedule JOBS.txt: the season's roofs, in order, with totals."""
import argparse

from thatch.quote import estimate


def read_jobs(path):
    """(name, roof_m2, ridge_m, material) for each 'name, m2, ridge, material' line."""
    jobs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                name, roof, ridge, material = [p.strip() for p in line.rsplit(",", 3)]
                jobs.append((name, float(roof), float(ridge), material))
    return jobs


def schedule(jobs):
    lines, total_days, total_price = [], 0, 0
    for name, roof, ridge, material in jobs:
        bundles, days, price = estimate(roof, ridge, material)
        total_days += days
        total_price += price
        lines.append("%-24s %4d bundles of %-5s %3d days  £%d" % (name, bundles, material, days, price))
    lines.append("Season: %d jobs, %d days, £%d" % (len(jobs), total_days, total_price))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m thatch.schedule")
    parser.add_argument("jobs")
    args = parser.parse_args(argv)
    print("\n".join(schedule(read_jobs(args.jobs))))


if __name__ == "__main__":
    main()
