from .render import column_widths, format_row, render_table

__all__ = ["column_widths", "format_row", "render_table"]
