"""Car park fee calculation."""
from .fees import billable_hours, fee, format_cents
from .receipt import receipt

__all__ = ["billable_hours", "fee", "format_cents", "receipt"]
