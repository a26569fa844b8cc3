"""Quoting a scaffold hire.

A scaffold is priced on the area of the face it covers. Heights are
billed in whole lifts of LIFT_M metres, so a 7 m scaffold is billed as 8 m.
The erect-and-strike charge covers the first INCLUDED_WEEKS weeks of hire;
every week after that is charged per square metre.
"""
import math

LIFT_M = 2
INCLUDED_WEEKS = 4
RATES = {                 # (erect and strike per m2, each extra week per m2)
    "standard": (9.50, 0.80),
    "heavy": (12.25, 1.15),
}
RURAL_DELIVERY = 60.0     # each way
CITY_PERMIT_WEEK = 35.0   # pavement licence, every week the scaffold is up
ALARM_WEEK = 25.0
MINIMUM = 450.0
VAT = 0.20


def billed_height(height_m):
    return math.ceil(height_m / LIFT_M) * LIFT_M


def face_area(length_m, height_m):
    return length_m * billed_height(height_m)


def extra_weeks(weeks):
    return max(0, weeks - INCLUDED_WEEKS)


def site_charge(site, weeks):
    if site == "town":
        return 0.0
    if site == "rural":
        return 2 * RURAL_DELIVERY
    if site == "city":
        return CITY_PERMIT_WEEK * weeks
    raise ValueError("unknown site %r" % site)


def hire_quote(length_m, height_m, weeks, kind="standard", site="town", alarm=False):
    """The quote in whole pounds, VAT included, rounded up."""
    if weeks < 1:
        raise ValueError("a hire is at least one week")
    erect, weekly = RATES[kind]
    area = face_area(length_m, height_m)
    net = area * erect + area * weekly * extra_weeks(weeks)
    net += site_charge(site, weeks)
    if alarm:
        net += ALARM_WEEK * weeks
    net = max(net, MINIMUM)
    return math.ceil(round(net * (1 + VAT), 2))
