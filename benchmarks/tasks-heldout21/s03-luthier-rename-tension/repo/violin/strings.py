"""String tension for violin-family instruments (Mersenne's law)."""

GRAVITY = 9.80665  # newtons per kilogram-force

# Vibrating string length in millimetres.
SCALE_MM = {"violin": 328, "viola": 370, "cello": 690}

# Open strings, low to high: (name, pitch in Hz, weight in kg per metre).
STRINGS = {
    "violin": [("G", 196.0, 0.00280), ("D", 293.7, 0.00121), ("A", 440.0, 0.00060), ("E", 659.3, 0.00029)],
    "viola": [("C", 130.8, 0.00540), ("G", 196.0, 0.00250), ("D", 293.7, 0.00118), ("A", 440.0, 0.00056)],
    "cello": [("C", 65.4, 0.02050), ("G", 98.0, 0.00890), ("D", 146.8, 0.00400), ("A", 220.0, 0.00170)],
}


def tension_kg(scale_mm, pitch_hz, kg_per_m):
    """Tension in kgf of a string of this length tuned to this pitch."""
    if scale_mm <= 0 or pitch_hz <= 0 or kg_per_m <= 0:
        raise ValueError("length, pitch and weight must all be positive")
    length_m = scale_mm / 1000
    newtons = kg_per_m * (2 * length_m * pitch_hz) ** 2
    return round(newtons / GRAVITY, 2)


def total_tension(instrument, scale_mm=None):
    """Sum of the open-string tensions, in kgf."""
    scale = scale_mm or SCALE_MM[instrument]
    return round(sum(tension_kg(scale, hz, w) for _, hz, w in STRINGS[instrument]), 2)


def heaviest_string(instrument, scale_mm=None):
    """Name of the string pulling hardest on the bridge."""
    scale = scale_mm or SCALE_MM[instrument]
    return max(STRINGS[instrument], key=lambda s: tension_kg(scale, s[1], s[2]))[0]
