"""Letters to donors."""
from donorday.rules import next_eligible


def _long_date(day):
    return "%d %s" % (day.day, day.strftime("%B %Y"))


def thank_you(donor):
    """The letter sent the day after a donation."""
    again = next_eligible(donor)
    return "\n".join([
        "Dear %s," % donor.first_name,
        "Thank you for giving blood on %s." % _long_date(donor.last_donation),
        "You can give again after 12 weeks, from %s." % _long_date(again),
        "We will write when there is a session near you.",
    ])
