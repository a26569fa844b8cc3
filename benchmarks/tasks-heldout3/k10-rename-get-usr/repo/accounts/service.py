"""Business rules for user accounts."""
from .db import get_usr, save_user


def rename(user_id, new_name):
    new_name = new_name.strip()
    if not new_name:
        raise ValueError("name must not be empty")
    user = dict(get_usr(user_id))
    user["name"] = new_name
    save_user(user)
    return user


def deactivate(user_id):
    user = dict(get_usr(user_id))
    user["active"] = False
    save_user(user)
    return user
