"""quiltcut: cut lists and fabric yardage for quilt patterns."""

from .measure import format_inches, parse_inches

__all__ = ["format_inches", "parse_inches"]
