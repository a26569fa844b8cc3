"""Loan policy for the branch library."""

LOAN_DAYS = {"book": 21, "dvd": 7, "magazine": 7}

DAILY_FINE = {"book": 0.25, "dvd": 1.00, "magazine": 0.10}

# Items returned up to GRACE_DAYS days late are not fined at all. Once the
# grace period is exceeded, every late day is charged (grace days included).
GRACE_DAYS = 2

# No single item is ever fined more than this.
MAX_FINE = 10.00
