"""quiver: score sheets for target archery."""
from quiver.scoring import arrow_value, end_total, hits, sort_end, x_count
from quiver.scorecard import round_total, sheet

__all__ = ["arrow_value", "end_total", "hits", "sort_end", "x_count", "round_total", "sheet"]
