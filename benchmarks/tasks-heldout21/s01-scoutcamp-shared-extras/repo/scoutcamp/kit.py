"""What each scout has to pack."""

BASE_KIT = ["sleeping bag", "roll mat", "torch", "water bottle", "mess tin", "wash kit"]
PER_NIGHT = ["socks", "t-shirt"]
WET_WEATHER = ["waterproof jacket", "wellies", "spare jumper"]
MAX_NIGHTS = 7


class Camper:
    """One scout on the camp register."""

    def __init__(self, name, nights, extras=[]):
        if not 1 <= nights <= MAX_NIGHTS:
            raise ValueError("camps last 1 to %d nights, not %r" % (MAX_NIGHTS, nights))
        self.name = name.strip()
        self.nights = nights
        self.extras = extras

    def add_extra(self, item):
        """Note something this scout needs on top of the standard kit."""
        item = item.strip().lower()
        if item and item not in self.extras:
            self.extras.append(item)

    def kit(self, wet=False):
        """(item, quantity) pairs, standard kit first and extras last."""
        items = [(name, 1) for name in BASE_KIT]
        items += [(name, self.nights) for name in PER_NIGHT]
        if wet:
            items += [(name, 1) for name in WET_WEATHER]
        items += [(name, 1) for name in self.extras]
        return items

    def item_count(self, wet=False):
        return sum(qty for _, qty in self.kit(wet))
