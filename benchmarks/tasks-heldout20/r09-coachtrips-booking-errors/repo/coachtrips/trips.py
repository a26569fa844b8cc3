"""Trips are kept in a JSON file: code -> destination, date, seats, booked."""
import json


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, trips):
    with open(path, "w") as f:
        json.dump(trips, f, indent=2, sort_keys=True)


def seats_left(trip):
    return trip["seats"] - trip["booked"]


def book(trip, seats):
    """Book seats on a trip; refuses to overbook."""
    if seats < 1:
        raise ValueError("book at least one seat")
    if seats > seats_left(trip):
        raise ValueError("only %d seats left" % seats_left(trip))
    trip["booked"] += seats
