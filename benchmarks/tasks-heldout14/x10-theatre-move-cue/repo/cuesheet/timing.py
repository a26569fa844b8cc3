"""Timing a sequence of cues."""


def sequence_seconds(cues):
    """Seconds from the first GO to the end of the last auto-follow fade."""
    total = 0.0
    for cue in cues:
        total += cue.fade
        if cue.follow is None:
            break
        total += cue.follow
    return total


def longest_fade(cues):
    return max(cues, key=lambda c: c.fade) if cues else None
