"""Hire quotes, in pounds."""

HOURLY = 15          # per board per hour
DAILY = 55           # per board for the whole day
WETSUIT = 8          # per wetsuit, per booking
DEPOSIT = 50         # per board, refunded on return
DEPOSIT_CAP = 150    # no booking holds more than this


def quote_hours(boards, hours, wetsuits=0):
    if boards < 1 or hours < 1:
        raise ValueError("book at least one board for one hour")
    hire = boards * hours * HOURLY
    if wetsuits > boards:
        raise ValueError("more wetsuits than paddlers")
    kit = wetsuits * WETSUIT
    deposit = min(boards * DEPOSIT, DEPOSIT_CAP)
    return {"hire": hire, "kit": kit, "deposit": deposit, "total": hire + kit + deposit}


def quote_day(boards, wetsuits=0):
    if boards < 1:
        raise ValueError("book at least one board")
    hire = boards * DAILY
    if wetsuits > boards:
        raise ValueError("more wetsuits than paddlers")
    kit = wetsuits * WETSUIT
    deposit = min(boards * DEPOSIT, DEPOSIT_CAP)
    return {"hire": hire, "kit": kit, "deposit": deposit, "total": hire + kit + deposit}


def best_quote(boards, hours, wetsuits=0):
    """The cheaper of hourly and day hire, as (kind, quote)."""
    by_hour = quote_hours(boards, hours, wetsuits)
    by_day = quote_day(boards, wetsuits)
    if by_day["total"] < by_hour["total"]:
        return "day", by_day
    return "hours", by_hour
