"""Snack machine controller."""
from .coins import ACCEPTED, MAX_COINS, coin_name
from .machine import Machine
from .refund import load_float, make_change

__all__ = ["ACCEPTED", "MAX_COINS", "coin_name", "Machine", "load_float", "make_change"]
