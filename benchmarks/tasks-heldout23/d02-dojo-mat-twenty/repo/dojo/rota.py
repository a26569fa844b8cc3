"""Print the week's sessions from a bookings file.

The file has one block per session: a header line "== Tue 19:00 senior"
followed by one judoka per line, in the order they booked. Lines starting
with # are comments.

    python -m dojo.rota bookings.txt
"""
import sys

from dojo.sessions import Session, book, limit, spaces_left


def read_bookings(lines):
    sessions = []
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("=="):
            parts = line[2:].split()
            kind = parts[2] if len(parts) > 2 else "senior"
            sessions.append(Session(parts[0], parts[1], kind))
        elif not sessions:
            raise ValueError("a name before the first session: %r" % line)
        else:
            book(sessions[-1], line)
    return sessions


def rota_lines(sessions):
    out = []
    for s in sessions:
        line = "%-3s %s  %-6s  %2d/%d booked" % (s.day, s.start, s.kind, len(s.booked), limit(s))
        if s.waiting:
            line += ", %d waiting" % len(s.waiting)
        elif spaces_left(s) <= 3:
            line += ", %d left" % spaces_left(s)
        out.append(line)
    return out


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m dojo.rota BOOKINGS", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        sessions = read_bookings(f)
    print("\n".join(rota_lines(sessions)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
