"""timesheet: weekly hours per employee from clock-in CSV exports."""
from timesheet.clock import parse_hhmm, shift_minutes
from timesheet.week import hours_by_employee, load_entries

__all__ = ["parse_hhmm", "shift_minutes", "hours_by_employee", "load_entries"]
