"""Command line for the fault log.

Removed in 1.4.0: the faults --all flag (use --status any).
"""
import argparse
import json


def build_parser():
    parser = argparse.ArgumentParser(prog="flipperfix")
    sub = parser.add_subparsers(dest="command", required=True)
    faults = sub.add_parser("faults", help="list faults")
    faults.add_argument("--status", choices=("open", "closed", "any"), default="open")
    faults.add_argument("--machine", help="only this machine (new in 1.4.0)")
    faults.add_argument("--json", action="store_true", help="JSON output (new in 1.3.0)")
    log = sub.add_parser("log", help="log a fault")
    log.add_argument("machine")
    log.add_argument("text")
    log.add_argument("--severity", choices=("minor", "major", "down"), default="minor",
                     help="new in 1.4.0")
    sub.add_parser("coin-audit", help="coin box against play counters (new in 1.4.0)")
    return parser


def render(faults, as_json=False):
    if as_json:
        return json.dumps([{"machine": f.machine, "text": f.text, "opened": f.opened.isoformat(),
                            "severity": f.severity} for f in faults])
    return "\n".join("%s  %-14s %-6s %s" % (f.opened.isoformat(), f.machine, f.severity, f.text)
                     for f in faults)
