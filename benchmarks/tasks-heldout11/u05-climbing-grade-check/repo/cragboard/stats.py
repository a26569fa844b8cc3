"""Summaries of the board for the setters' meeting."""

from collections import Counter

from cragboard.grades import grade_band
from cragboard.routes import Board, add_route


def load_board(lines):
    """Board from 'name, grade, colour[, setter]' lines; '#' lines are comments."""
    board = Board()
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        add_route(board, *fields)
    return board


def band_counts(board):
    """{'5': 3, '6': 7, ...}: how many routes in each grade band."""
    return dict(sorted(Counter(grade_band(r.grade) for r in board.routes).items()))
