"""Reef aquarium dosing helpers."""

from .chemistry import calc_dose, calc_volume
from .schedule import weekly_plan

__all__ = ["calc_dose", "calc_volume", "weekly_plan"]
