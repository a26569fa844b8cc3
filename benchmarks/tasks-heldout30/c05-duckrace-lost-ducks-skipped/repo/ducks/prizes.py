"""python -m ducks.prizes RACE.csv: who wins what."""
import sys

from ducks.race import finishers, load_race

PRIZES = ["Hamper", "Meal for two", "Cinema tickets", "Box of chocolates"]


def prize_lines(done):
    return ["%-18s duck %d (%s)" % (prize, duck, sponsor)
            for prize, (duck, sponsor, _secs) in zip(PRIZES, done)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    for line in prize_lines(finishers(load_race(argv[0]))):
        print(line)


if __name__ == "__main__":
    main()
