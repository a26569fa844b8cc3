import sys
from collections import defaultdict

from . import categorize, read_statement

totals = defaultdict(int)
for tx in read_statement(sys.argv[1]):
    totals[categorize(tx)] += tx.amount
for cat, amount in sorted(totals.items()):
    print("%-15s %10s" % (cat, amount))
