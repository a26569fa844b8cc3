"""Printable receipts."""
from .clock import stay_minutes
from .fees import billable_hours, fee, format_cents
from .tariffs import get_tariff


def receipt(tariff_name, entered, left):
    """A short receipt as text."""
    tariff = get_tariff(tariff_name)
    minutes = stay_minutes(entered, left)
    hours = billable_hours(minutes, tariff["free_minutes"])
    lines = [
        "Tariff:   %s" % tariff_name,
        "In/out:   %s - %s" % (entered, left),
        "Stay:     %dh %02dm" % divmod(minutes, 60),
        "Charged:  %d h" % hours,
        "Total:    %s" % format_cents(fee(tariff_name, entered, left)),
    ]
    return "\n".join(lines)
