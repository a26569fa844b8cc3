"""Tournament standings for the chess club."""
from .results import parse_results, scores
from .standings import format_table, standings
from .tiebreak import buchholz

__all__ = ["parse_results", "scores", "buchholz", "standings", "format_table"]
