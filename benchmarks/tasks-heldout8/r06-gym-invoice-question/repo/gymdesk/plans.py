"""Membership plans. Prices in cents."""

JOINING_FEE = 1500

# A member who joins with fewer than this many days left in the month is
# also billed for the next month on the first invoice.
LATE_JOIN_DAYS = 7

PLANS = {
    "basic": {"monthly": 3000, "fee_discount_pct": 0},
    "student": {"monthly": 2200, "fee_discount_pct": 50},
    "family": {"monthly": 5400, "fee_discount_pct": 0},
    "off_peak": {"monthly": 1900, "fee_discount_pct": 20},
}
