"""Checking and reading bitting codes such as '35624'."""
from keycut.blanks import get_blank


def validate_code(code, blank_name):
    """The cuts of `code` as a list of ints, or ValueError if the blank can't take it."""
    blank = get_blank(blank_name)
    code = code.strip()
    if not code.isdigit():
        raise ValueError("bitting code %r must be digits only" % (code,))
    if len(code) != blank.pins:
        raise ValueError("bitting code %r has %d cuts; %s takes %d"
                         % (code, len(code), blank.name, blank.pins))
    cuts = [int(ch) for ch in code]
    for position, cut in enumerate(cuts, start=1):
        if not 1 <= cut <= blank.depths:
            raise ValueError("cut %d at position %d is outside 1-%d for %s"
                             % (cut, position, blank.depths, blank.name))
    return cuts


def deepest(code, blank_name):
    """Position (1-based) of the deepest cut, the first one if tied."""
    cuts = validate_code(code, blank_name)
    return cuts.index(max(cuts)) + 1
