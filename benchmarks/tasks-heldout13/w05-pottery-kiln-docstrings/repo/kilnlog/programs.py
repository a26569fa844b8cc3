"""Named programs stored on the kiln controller."""
from kilnlog.firing import describe

PROGRAMS = {
    "bisque": [(80, 600, 0), (150, 1000, 10)],
    "glaze": [(100, 600, 0), (150, 1222, 15)],
    "lustre": [(150, 740, 5)],
}


def listing():
    return ["%-7s %s" % (name, describe(segs)) for name, segs in sorted(PROGRAMS.items())]
