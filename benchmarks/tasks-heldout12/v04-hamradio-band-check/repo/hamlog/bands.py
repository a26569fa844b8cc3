"""Amateur bands (Region 1), lower and upper edge in MHz."""

BANDS = [
    ("160m", 1.81, 2.0),
    ("80m", 3.5, 3.8),
    ("40m", 7.0, 7.2),
    ("30m", 10.1, 10.15),
    ("20m", 14.0, 14.35),
    ("17m", 18.068, 18.168),
    ("15m", 21.0, 21.45),
    ("12m", 24.89, 24.99),
    ("10m", 28.0, 29.7),
    ("6m", 50.0, 52.0),
    ("2m", 144.0, 146.0),
]
MODES = ("CW", "SSB", "FM", "AM", "FT8", "RTTY")


def band_for(freq_mhz):
    """Name of the band holding `freq_mhz`, or None if it is in no band."""
    for name, low, high in BANDS:
        if low <= freq_mhz <= high:
            return name
    return None
