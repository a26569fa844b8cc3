"""python -m walkies.plan BOOKINGS.csv: the day's walks, in booking order."""
import csv
import sys

from walkies import settings


def walks(dogs, most):
    """Split the dogs into walks of at most `most` dogs."""
    return [dogs[i:i + most] for i in range(0, len(dogs), most)]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    conf = settings.load()
    with open(args[0], newline="", encoding="utf-8") as f:
        dogs = [r["dog"].strip() for r in csv.DictReader(f)]
    start = 9 * 60
    for n, group in enumerate(walks(dogs, conf["max_dogs"]), 1):
        t = start + (n - 1) * (conf["walk_minutes"] + 15)
        print("Walk %d at %02d:%02d: %s" % (n, t // 60, t % 60, ", ".join(group)))
    pence = len(dogs) * conf["price_pence"]
    print("%d dogs, \u00a3%d.%02d" % (len(dogs), pence // 100, pence % 100))


if __name__ == "__main__":
    main()
