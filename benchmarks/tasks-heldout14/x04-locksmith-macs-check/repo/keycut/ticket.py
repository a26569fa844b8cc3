"""Job tickets printed for the cutting machine."""
from keycut.bitting import validate_code
from keycut.blanks import get_blank


def job_ticket(code, blank_name, copies=1):
    """Lines of a job ticket for cutting `copies` keys."""
    blank = get_blank(blank_name)
    cuts = validate_code(code, blank_name)
    lines = ["Blank %s x%d" % (blank.name, copies)]
    lines += ["  pos %d: depth %d" % (i, cut) for i, cut in enumerate(cuts, start=1)]
    return lines
