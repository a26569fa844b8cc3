"""The exam hall: rows lettered from the front (A, B, ...), desks numbered from 1."""
ROW_LETTERS = "ABCDEFGHIJKLMNOP"


def empty_plan(rows, desks):
    """A plan of the hall with every desk free (None)."""
    return [[None] * desks] * rows


def seat_index(seat):
    """'C4' -> (2, 3): the row and desk as list indexes."""
    seat = seat.strip().upper()
    return ROW_LETTERS.index(seat[0]), int(seat[1:]) - 1


def place(plan, seat, candidate):
    """Put a candidate at a desk; False (and nothing changed) if it is taken."""
    r, d = seat_index(seat)
    if plan[r][d] is not None:
        return False
    plan[r][d] = candidate
    return True
