"""Club booking rules."""

MIN_NOTICE = 2     # days of notice needed before a booking starts
MAX_HOURS = 3      # longest booking, in hours
BOATS = {"single": 1, "double": 2, "four": 4, "eight": 8}
