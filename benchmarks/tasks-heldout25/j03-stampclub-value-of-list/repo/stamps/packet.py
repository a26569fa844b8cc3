"""Value an exchange packet: a CSV of stamp number and condition.

    python -m stamps.packet CATALOGUE PACKET
"""
import csv
import sys

from stamps.catalogue import read_catalogue, value_of


def read_packet(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [(row["number"], row["condition"]) for row in csv.DictReader(f)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m stamps.packet CATALOGUE PACKET", file=sys.stderr)
        return 2
    catalogue = read_catalogue(argv[0])
    total = 0
    for number, condition in read_packet(argv[1]):
        pence = value_of(catalogue, number, condition)
        stamp = catalogue[number.strip().upper()]
        print("%-8s %-14s %4d %-28s %-8s £%.2f" % (stamp.number, stamp.country, stamp.year,
                                                     stamp.description, condition, pence / 100))
        total += pence
    print("Packet value: £%.2f" % (total / 100))
    return 0


if __name__ == "__main__":
    sys.exit(main())
