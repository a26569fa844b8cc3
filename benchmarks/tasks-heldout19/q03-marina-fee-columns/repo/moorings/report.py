"""The season report: python -m moorings.report"""
from moorings.fees import season_fee

BOATS = [
    ("Seagull", 7.5, False),
    ("Morning Star", 12.0, True),
    ("Kittiwake", 4.2, False),
    ("Dunlin", 9.8, True),
    ("Saltire", 18.4, True),
    ("Puffin II", 6.0, False),
    ("Harbour Lady", 21.0, True),
    ("Whimbrel", 11.3, False),
    ("Cormorant", 15.6, True),
    ("Osprey", 24.5, True),
    ("Tern", 5.1, False),
    ("Sea Holly", 13.7, True),
    ("Ragworm", 8.9, False),
    ("Halcyon", 19.2, True),
    ("Blue Moon", 10.4, False),
    ("Shearwater", 22.8, True),
    ("Merlin", 16.0, True),
]


def report_lines(boats):
    """One line per boat, then the total."""
    lines = []
    total = 0.0
    for name, length, pontoon in boats:
        fee = season_fee(length, pontoon)
        total += fee
        berth = "pontoon" if pontoon else "swing"
        lines.append("%-14s %5.1f m  %-8s %s" % (name, length, berth, fee))
    lines.append("%-14s %17s %s" % ("TOTAL", "", total))
    return lines


if __name__ == "__main__":
    print("\n".join(report_lines(BOATS)))
