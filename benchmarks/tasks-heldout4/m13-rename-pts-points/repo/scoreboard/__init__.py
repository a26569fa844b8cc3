from .player import Player
from .league import League

__all__ = ["Player", "League"]
