"""Prices and finish times for a basket of cycles."""

from .config import load_programs


def _table(programs):
    return programs if programs is not None else load_programs()


def cycle_price(name, programs=None):
    """Price of one cycle of program `name`, in cents."""
    return _table(programs)[name].price_cents


def basket_total(names, programs=None):
    """Total price in cents for running each named program once."""
    table = _table(programs)
    return sum(cycle_price(name, table) for name in names)


def format_cents(cents):
    return "$%d.%02d" % divmod(cents, 100)


def finish_time(start, name, programs=None):
    """Clock time ("HH:MM") when program `name` started at `start` ends."""
    hours, minutes = (int(x) for x in start.split(":"))
    end = hours * 60 + minutes + _table(programs)[name].minutes
    return "%02d:%02d" % divmod(end % (24 * 60), 60)
