from .directory import Person, get_usr, load, team_members

__all__ = ["Person", "get_usr", "load", "team_members"]
