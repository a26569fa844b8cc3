"""How much the society can spend on fireworks."""

SAFETY_PENCE = 15000  # first aid and marshals, paid before anything else


def calc_fw(tickets_sold, ticket_pence, share_percent=40):
    """Pence for fireworks: a share of the ticket takings after the safety
    costs, rounded down to whole pounds (never below nothing)."""
    takings = tickets_sold * ticket_pence - SAFETY_PENCE
    if takings <= 0:
        return 0
    return takings * share_percent // 100 // 100 * 100


def pounds(pence):
    return "\u00a3{:,}".format(pence // 100)
