"""rollcalc: wallpaper roll estimates."""

from .rolls import ROLL_LENGTH_CM, ROLL_WIDTH_CM, rolls_needed

__all__ = ["ROLL_LENGTH_CM", "ROLL_WIDTH_CM", "rolls_needed"]
