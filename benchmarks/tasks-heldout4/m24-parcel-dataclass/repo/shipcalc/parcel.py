VOLUMETRIC_DIVISOR = 5000


class Parcel:
    """A parcel: weight in kg, dimensions in cm."""

    def __init__(self, weight_kg, length_cm, width_cm, height_cm, fragile=False):
        self.weight_kg = weight_kg
        self.length_cm = length_cm
        self.width_cm = width_cm
        self.height_cm = height_cm
        self.fragile = fragile
        if weight_kg <= 0:
            raise ValueError("weight must be positive")
        if min(length_cm, width_cm, height_cm) <= 0:
            raise ValueError("dimensions must be positive")

    def __repr__(self):
        return ("Parcel(weight_kg=%r, length_cm=%r, width_cm=%r, height_cm=%r, fragile=%r)"
                % (self.weight_kg, self.length_cm, self.width_cm, self.height_cm, self.fragile))

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return ((self.weight_kg, self.length_cm, self.width_cm, self.height_cm, self.fragile) ==
                (other.weight_kg, other.length_cm, other.width_cm, other.height_cm, other.fragile))

    __hash__ = None

    def volume_cm3(self):
        return self.length_cm * self.width_cm * self.height_cm

    def volumetric_weight(self):
        return self.volume_cm3() / VOLUMETRIC_DIVISOR

    def billable_weight(self):
        return max(self.weight_kg, self.volumetric_weight())
