"""Show classes by year of manufacture."""

CLASSES = [("Veteran", 0, 1939), ("Vintage", 1940, 1959), ("Classic", 1960, 1979), ("Modern classic", 1980, 9999)]


def class_of(year):
    for name, first, last in CLASSES:
        if first <= year <= last:
            return name
    raise ValueError("no class for year %r" % (year,))


def class_rank(year):
    return [name for name, _, _ in CLASSES].index(class_of(year))
