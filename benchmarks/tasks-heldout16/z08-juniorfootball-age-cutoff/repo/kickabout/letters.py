"""The welcome letter sent after registering."""

from kickabout import CLUB
from kickabout.ages import long_date, season_label


def welcome_letter(reg):
    """Lines of the welcome letter for a Registration."""
    return [
        "Dear parent or carer of %s," % reg.name,
        "",
        "Welcome to %s for the %s season." % (CLUB, season_label(reg.registered)),
        "%s will play in our %s squad." % (reg.name, reg.group),
        "Age groups go by a player's age on the day they register (%s)."
        % long_date(reg.registered),
        "Subs for the season are GBP %d." % reg.fee,
        "",
        "See you at training!",
    ]
