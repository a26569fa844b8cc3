import csv
import json

FIELDS = ["time", "level", "message"]


def write_csv(entries, fh):
    w = csv.DictWriter(fh, fieldnames=FIELDS)
    w.writeheader()
    for e in entries:
        w.writerow(e)


def write_json(entries, fh):
    json.dump(list(entries), fh, indent=1)
    fh.write("\n")


WRITERS = {"csv": write_csv, "json": write_json}
