"""Scenes of a puppet show and what a show needs.

A show is a list of scenes played in order. Shows longer than
INTERVAL_AFTER minutes of scenes get an interval, so the audience (mostly
under eight) can stretch their legs.
"""
from dataclasses import dataclass, field

INTERVAL_AFTER = 40


@dataclass
class Scene:
    title: str
    minutes: int
    puppets: list = field(default_factory=list)
    set_change: int = 2


def parse_scene(line):
    """'Title | minutes | puppet, puppet' -> Scene."""
    parts = [p.strip() for p in line.split("|")]
    if len(parts) != 3:
        raise ValueError("expected 'title | minutes | puppets': %r" % line)
    minutes = int(parts[1])
    if minutes <= 0:
        raise ValueError("a scene must last at least a minute: %r" % line)
    puppets = [p.strip() for p in parts[2].split(",") if p.strip()]
    return Scene(parts[0], minutes, puppets)


def show_length(scenes, interval=15):
    """Minutes from curtain up to curtain down: the scenes, the set changes
    between them and, for long shows, the interval."""
    if not scenes:
        return 0
    total = sum(s.minutes for s in scenes)
    total += sum(s.set_change for s in scenes[1:])
    if sum(s.minutes for s in scenes) > INTERVAL_AFTER:
        total += interval
    return total


def puppets_needed(scenes):
    """Every puppet the show uses, in order of first appearance."""
    seen = []
    for s in scenes:
        for p in s.puppets:
            if p not in seen:
                seen.append(p)
    return seen
