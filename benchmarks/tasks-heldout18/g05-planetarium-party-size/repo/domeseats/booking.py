"""Seat bookings for planetarium shows."""

DOME_SEATS = 60


class Show:
    def __init__(self, title, seats=DOME_SEATS):
        self.title = title
        self.seats = seats
        self.bookings = {}

    def free(self):
        """Seats not yet booked."""
        return self.seats - sum(self.bookings.values())

    def reserve(self, name, party):
        """Book `party` seats under `name`; returns the seats left."""
        if party > self.free():
            raise ValueError("only %d seats left" % self.free())
        self.bookings[name] = self.bookings.get(name, 0) + party
        return self.free()

    def cancel(self, name):
        """Drop a booking; returns the seats left."""
        self.bookings.pop(name, None)
        return self.free()
