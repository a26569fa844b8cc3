"""The ticket handed to the customer."""
from stitchwork.prices import job_price, rush_surcharge, subtotal


def money(cents):
    return "%d.%02d" % divmod(cents, 100)


def total(lines, rush=False):
    amount = subtotal(lines)
    if rush:
        amount += rush_surcharge(amount)
    return amount


def ticket(name, lines, rush=False):
    out = ["Ticket for %s" % name]
    for job, qty in lines:
        out.append("  %-8s x%d  %8s" % (job, qty, money(job_price(job, qty))))
    if rush:
        out.append("  %-11s  %8s" % ("rush", money(rush_surcharge(subtotal(lines)))))
    out.append("  %-11s  %8s" % ("TOTAL", money(total(lines, rush))))
    return "\n".join(out)
