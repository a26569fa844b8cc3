"""Print the programme for a show.

    python -m puppets.programme SHOWFILE [--start HH:MM] [--interval MINUTES]

A show file has one scene per line: 'Title | minutes | puppet, puppet'.
"""
import argparse
import sys
from datetime import datetime, timedelta

from puppets.scenes import parse_scene, puppets_needed, show_length


def read_show(path):
    with open(path, encoding="utf-8") as f:
        return [parse_scene(line) for line in f if line.strip() and not line.startswith("#")]


def ends_at(start, scenes, interval=15):
    """'HH:MM' when the show starting at 'HH:MM' comes down."""
    t = datetime.strptime(start, "%H:%M") + timedelta(minutes=show_length(scenes, interval))
    return t.strftime("%H:%M")


def programme(scenes, start="14:00", interval=15):
    lines = ["%2d. %s (%d min)" % (i, s.title, s.minutes) for i, s in enumerate(scenes, 1)]
    lines.append("Puppets: %s" % ", ".join(puppets_needed(scenes)))
    lines.append("Curtain up %s, down %s (%d minutes)" % (
        start, ends_at(start, scenes, interval), show_length(scenes, interval)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="puppets.programme")
    parser.add_argument("show")
    parser.add_argument("--start", default="14:00")
    parser.add_argument("--interval", type=int, default=15)
    args = parser.parse_args(argv)
    for line in programme(read_show(args.show), args.start, args.interval):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
