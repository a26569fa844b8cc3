"""Entry lists for the Wolds Vintage Tractor Rally."""
