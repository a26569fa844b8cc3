"""Which hedgehogs are heavy enough to go back out."""


def ready_for_release(hog, settings):
    """True when the hedgehog weighs at least the release weight."""
    return hog["weight_g"] >= settings["min_weight_g"]


def grams_short(hog, settings):
    """How many grams a hedgehog still has to put on (0 when it is ready)."""
    return max(0, int(settings["min_weight_g"]) - int(hog["weight_g"]))


def split(hogs, settings):
    """(ready, not ready), each in intake order."""
    ready = [h for h in hogs if ready_for_release(h, settings)]
    waiting = [h for h in hogs if not ready_for_release(h, settings)]
    return ready, waiting
