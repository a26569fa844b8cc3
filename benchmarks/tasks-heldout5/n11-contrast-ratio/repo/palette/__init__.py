"""palette: colour helpers for the design-token build."""
from palette.convert import hex_to_rgb, hsl_to_rgb, rgb_to_hex, rgb_to_hsl
from palette.scheme import analogous, complementary

__all__ = ["analogous", "complementary", "hex_to_rgb", "hsl_to_rgb", "rgb_to_hex", "rgb_to_hsl"]
