"""Adding up a table's plates."""

from kaiten.plates import normalise, plate_price

SERVICE_PERCENT = 10


def count_by_colour(plates):
    """{colour: number of plates}, colours in order of first appearance."""
    counts = {}
    for colour in plates:
        key = normalise(colour)
        plate_price(key)  # rejects unknown colours
        counts[key] = counts.get(key, 0) + 1
    return counts


def bill_total(plates, at):
    """Total in pence for the plates, for a bill settled at `at` ('HH:MM')."""
    return sum(plate_price(colour) for colour in plates)


def service_charge(total):
    """Optional service charge on a total, rounded to the nearest penny."""
    return (total * SERVICE_PERCENT + 50) // 100
