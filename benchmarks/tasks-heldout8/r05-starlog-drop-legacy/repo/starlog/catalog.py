"""A very small slice of the Messier catalogue."""

MESSIER = {
    "M1": "supernova remnant",
    "M13": "globular cluster",
    "M31": "galaxy",
    "M42": "nebula",
    "M45": "open cluster",
    "M57": "planetary nebula",
}


def object_type(name):
    """Type of a Messier object, or "unknown"."""
    return MESSIER.get(name.upper(), "unknown")
