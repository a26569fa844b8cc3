"""How many pieces come out of a board."""
import math

STANDARD_BOARDS_MM = [2400, 3000, 3600, 4800]


def pieces_from(board_mm, piece_mm):
    """Whole pieces of `piece_mm` that can be cut from one board of `board_mm`."""
    if piece_mm <= 0:
        raise ValueError("piece length must be positive")
    return board_mm // piece_mm


def boards_needed(qty, per_board):
    """Boards to buy for `qty` pieces at `per_board` pieces a board."""
    if per_board < 1:
        raise ValueError("piece is longer than the board")
    return math.ceil(qty / per_board)
