"""Pool sheets for the Northgate fencing club's Tuesday and Thursday nights."""

__version__ = "0.4.1"
