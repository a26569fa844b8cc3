"""Episode list: 'YYYY-MM-DD | title | file.mp3' lines."""

from dataclasses import dataclass


@dataclass
class Episode:
    published: str
    title: str
    filename: str


def parse_episodes(lines):
    episodes = []
    for line in lines:
        if line.strip() and not line.startswith("#"):
            published, title, filename = [p.strip() for p in line.split("|")]
            episodes.append(Episode(published, title, filename))
    return episodes


def select(episodes, settings):
    """Order by date as episode_order says, then keep max_episodes of them."""
    newest_first = settings["episode_order"] == "newest"
    ordered = sorted(episodes, key=lambda e: e.published, reverse=newest_first)
    return ordered[:settings["max_episodes"]]
