"""Apple orchard harvest planning."""

from .planner import crates_needed, pickers_needed
from .trees import Tree, calc_yield, tree_yield_kg

__all__ = ["Tree", "calc_yield", "crates_needed", "pickers_needed", "tree_yield_kg"]
