"""Price plans. Money in euros."""

PLANS = {
    "casual": {
        "unlock": 1.00,
        "block_minutes": 15,
        "block_price": 0.70,
        "peak_surcharge": 0.20,   # fraction added to the ride part on peak days
    },
    "member": {
        "unlock": 0.00,
        "block_minutes": 30,
        "block_price": 0.50,
        "peak_surcharge": 0.0,
    },
}

# Docking and undocking take a moment, so the first minutes of every ride
# are not billed.
GRACE_MINUTES = 2

DAILY_CAP = 15.00
