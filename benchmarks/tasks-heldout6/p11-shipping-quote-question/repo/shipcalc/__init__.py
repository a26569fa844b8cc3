"""shipcalc: parcel shipping quotes."""
from shipcalc.quote import billable_weight, quote
from shipcalc.rates import load_rates

__all__ = ["billable_weight", "load_rates", "quote"]
