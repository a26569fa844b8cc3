"""End-of-day sums for the booking office."""
import sys
from collections import Counter

from railway.fares import fare, passenger_type, tuesday_fare


def read_sales(lines):
    """Each line: age and journey, e.g. "67 return"; blank lines and # comments skipped."""
    sales = []
    for line in lines:
        line = line.split("#")[0].strip()
        if not line:
            continue
        age, journey = line.split()
        sales.append((int(age), journey.lower()))
    return sales


def day_summary(sales, tuesday=False):
    counts = Counter(passenger_type(age) for age, _ in sales)
    price = tuesday_fare if tuesday else fare
    takings = sum(price(age, journey) for age, journey in sales)
    lines = ["%-7s %3d" % (kind, counts[kind]) for kind in ("adult", "senior", "child", "free")]
    lines.append("takings £%d.%02d" % divmod(takings, 100))
    return lines


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    tuesday = "--tuesday" in args
    files = [a for a in args if a != "--tuesday"]
    with open(files[0], encoding="utf-8") as fh:
        sales = read_sales(fh)
    print("\n".join(day_summary(sales, tuesday)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
