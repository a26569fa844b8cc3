"""JSON-ready views for the admin screens."""
from . import db


def user_view(user_id):
    try:
        user = db.get_usr(user_id)
    except db.UserNotFound:
        return {"error": "not found", "id": user_id}
    return {"id": user["id"], "name": user["name"], "active": user["active"]}


def list_view():
    return [user_view(uid) for uid in db.all_user_ids()]
