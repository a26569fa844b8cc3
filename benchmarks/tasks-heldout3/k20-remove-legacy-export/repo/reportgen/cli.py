import argparse
import sys

from .data import monthly_sales
from .exporters import export_csv, export_json, legacy_export_xml

FORMATS = {
    "csv": export_csv,
    "json": export_json,
    "xml-legacy": legacy_export_xml,
}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="reportgen")
    parser.add_argument("--format", choices=sorted(FORMATS), default="csv")
    args = parser.parse_args(argv)
    sys.stdout.write(FORMATS[args.format](monthly_sales()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
