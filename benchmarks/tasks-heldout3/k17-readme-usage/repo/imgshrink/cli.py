"""Command-line entry point."""
import argparse
import sys

from .plan import plan_jobs


def build_parser():
    parser = argparse.ArgumentParser(
        prog="imgshrink", description="Resize and recompress JPEG files."
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="JPEG files to shrink")
    parser.add_argument(
        "-o", "--output", default="shrunk", metavar="DIR",
        help="directory for the shrunk files (default: shrunk)",
    )
    parser.add_argument(
        "-q", "--quality", type=int, default=85, metavar="Q",
        help="JPEG quality from 1 to 95 (default: 85)",
    )
    parser.add_argument(
        "--max-width", type=int, default=1600, metavar="PX",
        help="scale down images wider than PX pixels (default: 1600)",
    )
    parser.add_argument("--dry-run", action="store_true", help="only print what would be done")
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    if not 1 <= args.quality <= 95:
        print("imgshrink: --quality must be between 1 and 95", file=sys.stderr)
        return 2
    for job in plan_jobs(args.files, args.output, args.max_width, args.quality):
        print(f"{job.source} -> {job.target} (max {job.max_width}px, q={job.quality})")
        if not args.dry_run:
            job.run()
    return 0
