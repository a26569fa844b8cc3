"""Opening times of the Riverside food bank's collection points."""
