"""Gift Aid: HMRC adds 25p for every £1 raised by the sale of goods from a
donor who has signed a Gift Aid declaration."""

CLAIM_PERCENT = 25


def donor_totals(sales):
    """{donor_id: pence raised} over the Gift Aid sales, in order of first sale."""
    totals = {}
    for sale in sales:
        if not sale.giftaid:
            continue
        totals[sale.donor_id] = sale.price_pence
    return totals


def claim_pence(raised):
    """The Gift Aid claimable on `raised` pence (rounded down to the penny)."""
    return raised * CLAIM_PERCENT // 100
