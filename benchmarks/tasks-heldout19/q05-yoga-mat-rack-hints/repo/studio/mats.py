"""The rack of hire mats by the studio door."""


class MatRack:
    """Numbered hire mats; each can be lent to one person at a time."""

    def __init__(self, count, fee=1.5):
        if count < 1:
            raise ValueError("a rack needs at least one mat")
        self.fee = fee
        self.free = list(range(1, count + 1))
        self.lent = {}

    def lend(self, name):
        """Lend the lowest-numbered free mat to `name`; returns its number."""
        if name in self.lent:
            raise ValueError("%s already has mat %d" % (name, self.lent[name]))
        if not self.free:
            raise LookupError("no mats left")
        mat = self.free.pop(0)
        self.lent[name] = mat
        return mat

    def give_back(self, name):
        mat = self.lent.pop(name)
        self.free.append(mat)
        self.free.sort()
        return mat

    def holder(self, mat):
        """Who has mat number `mat`, or None if it is on the rack."""
        for name, number in self.lent.items():
            if number == mat:
                return name
        return None

    def takings(self):
        return len(self.lent) * self.fee

    def board(self):
        mats = sorted(self.free + list(self.lent.values()))
        return ["mat %d: %s" % (m, self.holder(m) or "-") for m in mats]
