"""tinytpl: a very small text templating engine."""
from tinytpl.filters import FILTERS, register
from tinytpl import extra  # noqa: F401  (registers the extra filters)
from tinytpl.engine import render

__all__ = ["FILTERS", "register", "render"]
