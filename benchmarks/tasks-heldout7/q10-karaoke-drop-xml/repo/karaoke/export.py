"""Text and JSON renderings of the queue."""
import json


def to_text(queue):
    lines = []
    for n, (singer, title, artist) in enumerate(queue.upcoming(), 1):
        song = "%s (%s)" % (title, artist) if artist else title
        lines.append("%2d. %-10s %s" % (n, singer, song))
    return "\n".join(lines)


def to_json(queue):
    rows = [{"position": n, "singer": s, "title": t, "artist": a}
            for n, (s, t, a) in enumerate(queue.upcoming(), 1)]
    return json.dumps(rows, indent=2)
