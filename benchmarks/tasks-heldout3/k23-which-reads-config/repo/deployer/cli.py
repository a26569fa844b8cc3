import argparse
import sys

from .settings import load_settings


def main(argv=None):
    parser = argparse.ArgumentParser(prog="deploy")
    parser.add_argument("target")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    targets = load_settings()
    if args.target not in targets:
        print(f"unknown target {args.target!r}; known: {', '.join(sorted(targets))}", file=sys.stderr)
        return 2
    t = targets[args.target]
    command = f"rsync -az build/ {t['user']}@{t['host']}:{t['path']}/"
    print(command if args.dry_run else f"running: {command}")
    return 0
