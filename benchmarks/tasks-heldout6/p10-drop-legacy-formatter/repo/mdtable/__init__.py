"""mdtable: aligned Markdown tables."""
from mdtable.legacy import format_table_v1
from mdtable.table import format_table, parse_table

__all__ = ["format_table", "parse_table", "format_table_v1"]
__version__ = "2.3.0"
