"""Bird survey tallies."""

from .tally import read_sheet, species_totals, site_totals

__all__ = ["read_sheet", "species_totals", "site_totals"]
