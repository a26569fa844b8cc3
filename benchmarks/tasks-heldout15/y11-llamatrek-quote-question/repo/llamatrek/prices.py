"""Prices, in pence."""

# Per walker, by trek.
TREK_PENCE = {"short": 3800, "half-day": 6500, "picnic": 8500}

# Walkers under this age pay the child rate: this percentage of the price.
CHILD_UNDER = 12
CHILD_PERCENT = 60

# Peak days (see seasons.is_peak) cost this much more per walker.
PEAK_PERCENT = 10

# Bookings with at least this many walkers get this much off the walkers' total.
GROUP_MIN = 5
GROUP_PERCENT = 10

# Flat price per booking, never discounted.
PHOTO_PENCE = 1200

# Each llama walks with at most this many walkers.
WALKERS_PER_LLAMA = 2
LLAMAS = 8
