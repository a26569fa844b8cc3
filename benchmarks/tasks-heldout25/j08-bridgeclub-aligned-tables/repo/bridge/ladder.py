"""The season ladder: every pair's average percentage over the sessions
they played, best first.

    python -m bridge.ladder SESSION [SESSION ...]
"""
import sys

from bridge.scoring import read_session


def ladder(sessions):
    """[(pair, sessions played, average percentage)], best average first."""
    played = {}
    for scores in sessions:
        for s in scores:
            played.setdefault(s.pair, []).append(s.percent)
    rows = [(pair, len(p), sum(p) / len(p)) for pair, p in played.items()]
    return sorted(rows, key=lambda r: (-r[2], r[0]))


def format_ladder(rows):
    return ["%-20s %3d  %6.2f%%" % row for row in rows]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m bridge.ladder SESSION [SESSION ...]", file=sys.stderr)
        return 2
    print("Season ladder, %d sessions" % len(argv))
    for line in format_ladder(ladder([read_session(p) for p in argv])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
