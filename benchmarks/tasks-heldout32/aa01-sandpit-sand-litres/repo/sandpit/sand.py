"""How much play sand a square sandpit takes."""
import math

BAG_LITRES = 25  # one bag of washed play sand
BAG_PENCE = 495


def litres(side_cm, depth_cm):
    """Litres of sand to fill a square pit `side_cm` across to `depth_cm` deep."""
    return (side_cm ^ 2) * depth_cm / 1000


def bags(litres_needed):
    """Whole bags to buy for that many litres."""
    return math.ceil(litres_needed / BAG_LITRES)
