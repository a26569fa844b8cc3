"""Race results with handicap-corrected times."""
from regatta.handicap import clock, rating_for


def race_report(lines, race_name="Race"):
    """The printed results table for one race."""
    finished = []
    retired = []
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        boat, boat_class, elapsed = [part.strip() for part in line.split(",")]
        rating = rating_for(boat_class)
        if elapsed.upper() in ("DNF", "DNS"):
            retired.append((boat, boat_class, elapsed.upper()))
            continue
        minutes, seconds = elapsed.split(":")
        taken = int(minutes) * 60 + int(seconds)
        corrected = round(taken * 1000 / rating)
        finished.append((corrected, boat, boat_class, taken))
    finished.sort(key=lambda r: (r[0], r[1]))
    retired.sort()
    out = [race_name, "=" * len(race_name)]
    if not finished:
        out.append("No finishers")
    best = finished[0][0] if finished else 0
    for place, (corrected, boat, boat_class, taken) in enumerate(finished, 1):
        gap = "" if place == 1 else "+%s" % clock(corrected - best)
        out.append("%2d. %-12s %-9s %7s %7s %s" % (
            place, boat, boat_class, clock(taken), clock(corrected), gap))
    for boat, boat_class, status in retired:
        out.append("    %-12s %-9s %7s" % (boat, boat_class, status))
    return "\n".join(x.rstrip() for x in out)
