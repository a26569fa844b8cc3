"""Lido cinema pricing."""

from .concessions import combo_price, snack_price
from .money import format_cents
from .tickets import group_price, ticket_price

__all__ = ["combo_price", "format_cents", "group_price", "snack_price", "ticket_price"]
