"""python -m trapcam.night FOLDER: photos taken between 21:00 and 05:59."""
import sys

from trapcam.photos import photos_in


def is_night(hhmm):
    return hhmm >= "21:00" or hhmm < "06:00"


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    for p in photos_in(args[0]):
        if is_night(p.time):
            print("%s %s  %-6s %s" % (p.day, p.time, p.camera, p.species))


if __name__ == "__main__":
    main()
