"""CSV export and import for the lighting desk."""
import csv
import io

from cuesheet.show import Cue


def to_csv(cues):
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["cue", "label", "fade", "follow"])
    for c in cues:
        writer.writerow(["%g" % c.number, c.label, "%g" % c.fade, "" if c.follow is None else "%g" % c.follow])
    return out.getvalue()


def from_csv(text):
    rows = csv.DictReader(io.StringIO(text))
    return [Cue(float(r["cue"]), r["label"], float(r["fade"]), float(r["follow"]) if r["follow"] else None)
            for r in rows]
