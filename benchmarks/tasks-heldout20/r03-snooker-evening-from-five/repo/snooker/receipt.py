"""Receipts printed at the bar."""
from snooker.tables import session_cost

FOOTER = "Evening rate 9.00 an hour from 6pm. Tables close at 11pm."


def receipt(table, start, minutes):
    lines = [
        "Table %d  %s  %d min" % (table, start, minutes),
        "Due: %.2f" % (session_cost(start, minutes) / 100),
        FOOTER,
    ]
    return "\n".join(lines)
