"""Command line: python -m choirbook COMMAND ..."""
import argparse

from choirbook.roster import VOICES, absent, members, present

PARTS = {
    "Ave verum": {"soprano": "S1", "alto": "A1", "tenor": "T1", "bass": "B1"},
    "Shenandoah": {"soprano": "melody", "alto": "A", "tenor": "T", "bass": "B"},
}


def build_parser():
    p = argparse.ArgumentParser(prog="choirbook")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("roster", help="list choir members")
    r.add_argument("--voice", choices=VOICES, help="only this voice part")
    a = sub.add_parser("attendance", help="who came to a rehearsal")
    a.add_argument("--rehearsal", required=True, metavar="YYYY-MM-DD")
    a.add_argument("--absent-only", action="store_true", help="list only who was missing")
    s = sub.add_parser("parts", help="which part each voice sings in a song")
    s.add_argument("song", choices=sorted(PARTS))
    s.add_argument("--format", choices=("text", "csv"), default="text")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "roster":
        for name, voice in members(args.voice):
            print("%-12s %s" % (name, voice))
    elif args.command == "attendance":
        names = absent(args.rehearsal) if args.absent_only else present(args.rehearsal)
        for name in names:
            print(name)
    else:
        for voice, part in PARTS[args.song].items():
            print("%s,%s" % (voice, part) if args.format == "csv" else "%-8s %s" % (voice, part))
    return 0
