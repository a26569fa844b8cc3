"""Prices in pence. Reviewed March 2025."""

# Per window, by floor: 0 = ground, 1 = first floor, 2 and up need the long ladder.
WINDOW_PENCE = {0: 150, 1: 200, 2: 250}
LADDER_FEE = 300          # once per visit if any window is on floor 2 or higher
CONSERVATORY = 1200       # roof and sides, flat rate per visit
MINIMUM_VISIT = 1500

# Discount on the window work for regular customers, by weeks between visits.
# Fees (ladder, conservatory) are never discounted.
FREQUENCY_DISCOUNT = {4: 10, 8: 5}   # percent
