"""Ways of sending an order sheet to the customer."""

COMPANY = "Chatham Ropewalk Ltd"


def email_order(lines, address):
    """The order as an email: headers, then the sheet."""
    return ["To: %s" % address, "From: orders@ropewalk.example", "Subject: Your rope order", ""] + lines


def _fax_header(number):
    return "FAX TO %s -- %s -- %d LINES FOLLOW" % (number, COMPANY.upper(), 0)


def fax_order(lines, number):
    """The order as a fax cover sheet and the sheet in capitals."""
    return [_fax_header(number).replace("0 LINES", "%d LINES" % len(lines))] + [x.upper() for x in lines]


def signature():
    return "-- %s, Dock Road, Chatham" % COMPANY
