"""Invoice lines for a finished job."""
from pipework.rates import calc_callout, parts_price

VAT_RATE = 0.20


def invoice(hours, part_costs, emergency=False):
    """(lines, total) for a job: labour, each part, VAT and the total."""
    labour = calc_callout(hours, emergency)
    note = " (emergency)" if emergency else ""
    lines = ["Labour %.1f h%s: %.2f" % (hours, note, labour)]
    subtotal = labour
    for cost in part_costs:
        price = parts_price(cost)
        lines.append("Part: %.2f" % price)
        subtotal += price
    vat = round(subtotal * VAT_RATE, 2)
    total = round(subtotal + vat, 2)
    lines += ["VAT: %.2f" % vat, "Total: %.2f" % total]
    return lines, total
