"""Loans are kept in a JSON file: {tool: {"who": name, "since": "YYYY-MM-DD"}}."""
import json
from datetime import date


def load(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}


def save(path, loans):
    with open(path, "w") as fh:
        json.dump(loans, fh, indent=2, sort_keys=True)


def lend(loans, tool, who, today):
    if tool in loans:
        raise ValueError("%s is already out with %s" % (tool, loans[tool]["who"]))
    loans[tool] = {"who": who, "since": today.isoformat()}


def days_out(loan, today):
    return (today - date.fromisoformat(loan["since"])).days


def line(tool, loan, today):
    return "%-14s %-8s since %s (%d days)" % (
        tool, loan["who"], loan["since"], days_out(loan, today))
