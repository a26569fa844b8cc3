"""Routes currently set on the board."""

from dataclasses import dataclass

from cragboard.grades import grade_index, normalise_grade


@dataclass
class Route:
    name: str
    grade: str
    colour: str
    setter: str = ""


class Board:
    def __init__(self):
        self.routes = []


def add_route(board, name, grade, colour, setter=""):
    """Put a new route on the board and return it."""
    route = Route(name.strip(), normalise_grade(grade), colour.strip().lower(), setter.strip())
    board.routes.append(route)
    return route


def hardest(board):
    """The route with the highest grade (None on an empty board)."""
    if not board.routes:
        return None
    return max(board.routes, key=lambda r: grade_index(r.grade))


def by_colour(board, colour):
    return [r for r in board.routes if r.colour == colour.strip().lower()]
