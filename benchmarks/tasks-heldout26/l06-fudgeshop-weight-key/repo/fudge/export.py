"""Stock as JSON for the till.

    python -m fudge.export stock.csv [--today YYYY-MM-DD]

Prints one JSON object: the trays still on sale (oldest first) and the
totals.
"""
import argparse
import json
from datetime import date

from fudge.stock import read_stock


def tray_record(tray):
    return {"flavour": tray.flavour, "wt": tray.grams, "per_100g": tray.per_100g,
            "value": tray.value, "sell_by": tray.sell_by.isoformat()}


def export(trays, today):
    on_sale = sorted((t for t in trays if t.sell_by >= today), key=lambda t: (t.made, t.flavour))
    return {"date": today.isoformat(),
            "trays": [tray_record(t) for t in on_sale],
            "total_grams": sum(t.grams for t in on_sale),
            "total_value": sum(t.value for t in on_sale)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("stock")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    args = parser.parse_args(argv)
    print(json.dumps(export(read_stock(args.stock), args.today), indent=2))


if __name__ == "__main__":
    main()
