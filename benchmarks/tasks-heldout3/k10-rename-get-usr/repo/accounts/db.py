"""A very small in-memory user store."""

_USERS = {
    1: {"id": 1, "name": "Ada", "email": "ada@example.com", "active": True},
    2: {"id": 2, "name": "Linus", "email": "linus@example.com", "active": True},
}


class UserNotFound(KeyError):
    pass


def get_usr(user_id):
    """Return the user record with *user_id* or raise UserNotFound."""
    try:
        return _USERS[user_id]
    except KeyError:
        raise UserNotFound(user_id) from None


def save_user(record):
    _USERS[record["id"]] = record


def all_user_ids():
    return sorted(_USERS)
