"""Placing the runs of one class."""


def rank(runs, klass="open"):
    """[(placing label, run)]: '1', '2', ... by total, retired runs last as 'RT'."""
    entered = [(i, r) for i, r in enumerate(runs) if r.klass == klass]
    scored = [p for p in entered if not p[1].retired]
    scored.sort(key=lambda p: (-p[1].total, -p[1].outwork, p[0]))
    placed = [(str(n), r) for n, (_, r) in enumerate(scored, 1)]
    placed += [("RT", r) for _, r in entered if r.retired]
    return placed


def result_line(label, run):
    score = "retired" if run.retired else "%3d" % run.total
    return "%3s. %-18s %-10s %s" % (label, run.handler, run.dog, score)
