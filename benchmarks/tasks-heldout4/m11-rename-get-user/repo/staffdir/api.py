from .directory import get_usr, team_members


def person_json(uid):
    p = get_usr(uid)
    manager = get_usr(p.manager).name if p.manager else None
    return {"uid": p.uid, "name": p.name, "team": p.team, "manager": manager}


def team_json(team):
    return [person_json(p.uid) for p in team_members(team)]
