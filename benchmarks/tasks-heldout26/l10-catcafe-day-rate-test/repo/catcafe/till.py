"""Ring up a group's visit.

    python -m catcafe.till group.txt

Each line of the file is "name age minutes".
"""
import sys

from catcafe.pricing import visit_price


def read_group(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                name, age, minutes = line.rsplit(None, 2)
                out.append((name, int(age), int(minutes)))
    return out


def main(path):
    total = 0
    for name, age, minutes in read_group(path):
        pence = visit_price(minutes, age)
        total += pence
        print("%-14s %3d min  %s" % (name, minutes, "£%.2f" % (pence / 100) if pence else "free"))
    print("Total £%.2f" % (total / 100))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "group.txt")
