"""Show planning for the Little Lantern puppet theatre."""
from puppets.scenes import Scene, puppets_needed, show_length

__all__ = ["Scene", "puppets_needed", "show_length"]
