"""Invoice arithmetic in integer cents."""
from .models import Invoice, LineItem
from .totals import line_total_cents, tax_cents

__all__ = ["Invoice", "LineItem", "line_total_cents", "tax_cents"]
