"""Photos are named CAMERA_YYYYMMDD_HHMM_SPECIES.jpg (a - for a space in the species)."""
import os
from collections import namedtuple

Photo = namedtuple("Photo", "camera day time species")


def parse_name(filename):
    stem = os.path.basename(filename).rstrip(".jpg")
    camera, day, hhmm, species = stem.split("_", 3)
    return Photo(camera, "%s-%s-%s" % (day[:4], day[4:6], day[6:]), "%s:%s" % (hhmm[:2], hhmm[2:]),
                 species.replace("-", " "))


def photos_in(folder):
    """Every photo in a folder, by file name."""
    return [parse_name(n) for n in sorted(os.listdir(folder)) if n.endswith(".jpg")]
