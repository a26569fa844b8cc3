"""The day book: every job a rider took, and the totals per rider."""
from collections import defaultdict

from courier.pricing import quote

RIDER_SHARE_PERCENT = 70  # riders keep this much of each job; the rest runs the co-op


def job_price(job):
    """job: dict with rider, km and optional parcels, zone, rush, kg, account."""
    return quote(job["km"], job.get("parcels", 1), job.get("zone", "A"), job.get("rush", False),
                 job.get("kg", 0), job.get("account", False))


def rider_totals(jobs):
    """{rider: (jobs done, takings, rider's pay)} in pence."""
    counts, takings = defaultdict(int), defaultdict(int)
    for job in jobs:
        counts[job["rider"]] += 1
        takings[job["rider"]] += job_price(job)
    return {r: (counts[r], takings[r], takings[r] * RIDER_SHARE_PERCENT // 100) for r in sorted(counts)}


def day_summary(jobs):
    totals = rider_totals(jobs)
    lines = ["%-8s %2d jobs  %7.2f  pay %7.2f" % (r, n, t / 100, p / 100) for r, (n, t, p) in totals.items()]
    lines.append("Co-op share: %.2f" % (sum(t - p for _, t, p in totals.values()) / 100))
    return "\n".join(lines)
