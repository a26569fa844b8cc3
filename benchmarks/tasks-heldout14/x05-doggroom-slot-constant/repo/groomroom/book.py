"""The day's appointment book."""
from groomroom.slots import SLOTS_BY_SIZE, fits_before_close, slot_starts


class DayBook:
    def __init__(self):
        self.taken = {}

    def free_starts(self, size):
        """Slot starts where a dog of this size could be booked."""
        starts = slot_starts()
        need = SLOTS_BY_SIZE[size]
        free = []
        for i, start in enumerate(starts):
            block = starts[i:i + need]
            if len(block) == need and not any(s in self.taken for s in block) \
                    and fits_before_close(start, size):
                free.append(start)
        return free

    def book(self, start, dog, size):
        if start not in self.free_starts(size):
            raise ValueError("%s cannot be booked at %d" % (dog, start))
        i = slot_starts().index(start)
        for s in slot_starts()[i:i + SLOTS_BY_SIZE[size]]:
            self.taken[s] = dog
