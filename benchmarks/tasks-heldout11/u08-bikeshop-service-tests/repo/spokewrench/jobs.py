"""Job cards: what was done to a bike and what it costs."""

LABOUR = {            # cents
    "puncture": 1200,
    "brake bleed": 2500,
    "gear index": 1500,
    "wheel true": 2000,
    "full service": 6500,
}
PARTS_MARKUP_PERCENT = 15


def labour_cents(tasks):
    """Labour for a list of task names; unknown tasks raise ValueError."""
    total = 0
    for task in tasks:
        key = task.strip().lower()
        if key not in LABOUR:
            raise ValueError("unknown task: %r" % (task,))
        total += LABOUR[key]
    return total


def job_total(tasks, parts_cents=0):
    """Labour plus parts, with the shop's markup on parts, rounded to the cent."""
    markup = (parts_cents * PARTS_MARKUP_PERCENT + 50) // 100
    return labour_cents(tasks) + parts_cents + markup


def job_card(customer, tasks, parts_cents=0):
    lines = ["Job card: %s" % customer]
    lines += ["  - %s" % t.strip().lower() for t in tasks]
    lines.append("  total %d.%02d" % divmod(job_total(tasks, parts_cents), 100))
    return "\n".join(lines)
