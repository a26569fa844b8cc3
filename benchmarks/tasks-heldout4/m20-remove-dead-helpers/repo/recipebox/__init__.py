from .scale import Ingredient, parse_ingredient, scale_recipe

__all__ = ["Ingredient", "parse_ingredient", "scale_recipe"]
