"""Settling the deposit when a costume comes back."""
from fancydress.costumes import pounds


def settle(costume, days_late):
    """(refund, still_owed) in pence: the late fee comes out of the deposit."""
    fee = costume.daily_rate * max(0, days_late)
    refund = max(0, costume.deposit - fee)
    owed = max(0, fee - costume.deposit)
    return refund, owed


def return_slip(costume, days_late):
    """Lines printed on the return slip."""
    refund, owed = settle(costume, days_late)
    lines = ["%s returned, %d day(s) late" % (costume.name, days_late),
             "Deposit refunded: %s" % pounds(refund)]
    if owed:
        lines.append("Still to pay: %s" % pounds(owed))
    return lines
