"""Swatch gauge sums for knitting patterns."""


def st_per_cm(count, swatch_cm):
    """Stitches (or rows) per centimetre counted across a swatch."""
    if swatch_cm <= 0:
        raise ValueError("the swatch must measure more than 0 cm")
    return count / swatch_cm


def cast_on(width_cm, swatch_stitches, swatch_cm=10):
    """Stitches to cast on for a piece `width_cm` wide, to the nearest stitch."""
    return round(width_cm * st_per_cm(swatch_stitches, swatch_cm))


def rows_for(length_cm, swatch_rows, swatch_cm=10):
    """Rows to knit for `length_cm` of fabric, to the nearest row."""
    return round(length_cm * st_per_cm(swatch_rows, swatch_cm))


def yarn_needed(stitches, rows, cm_per_stitch=2.5):
    """Rough yarn length in metres for a stocking-stitch rectangle."""
    return round(stitches * rows * cm_per_stitch / 100, 1)
