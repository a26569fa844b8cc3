"""python -m ferrets.fees ENTRIES.csv: what each owner pays, and the total."""
import sys

from ferrets.entries import entries_and_fees


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    entries, fees = entries_and_fees(args[0])
    for owner in sorted(fees):
        count = sum(1 for e in entries if e.owner == owner)
        print("%-16s %d ferret(s)  \u00a3%d.%02d" % (owner, count, fees[owner] // 100, fees[owner] % 100))
    total = sum(fees.values())
    print("Total \u00a3%d.%02d from %d owners" % (total // 100, total % 100, len(fees)))


if __name__ == "__main__":
    main()
