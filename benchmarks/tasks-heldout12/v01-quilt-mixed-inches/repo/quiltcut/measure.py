"""Reading and writing inch measurements the way quilting patterns print them."""

EIGHTHS = {0: "", 1: "1/8", 2: "1/4", 3: "3/8", 4: "1/2", 5: "5/8", 6: "3/4", 7: "7/8"}
UNITS = ('"', "inches", "inch", "in")


def _clean(text):
    s = str(text).strip().lower()
    for unit in UNITS:
        if s.endswith(unit):
            s = s[: -len(unit)]
            break
    return s.strip()


def parse_inches(text):
    """Turn '2.5', '3/4', '6 in' or '4"' into a float number of inches."""
    s = _clean(text).replace(" ", "")  # patterns sometimes print "3 / 4"
    if not s:
        raise ValueError("empty measurement: %r" % (text,))
    if "/" in s:
        num, den = s.split("/", 1)
        return int(num) / int(den)
    return float(s)


def format_inches(value):
    """Format inches to the nearest 1/8, e.g. 2.5 -> '2 1/2"'."""
    eighths = round(value * 8)
    whole, part = divmod(eighths, 8)
    frac = EIGHTHS[part]
    if whole and frac:
        return '%d %s"' % (whole, frac)
    if frac:
        return '%s"' % frac
    return '%d"' % whole
