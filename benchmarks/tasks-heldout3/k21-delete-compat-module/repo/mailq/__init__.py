"""A file-backed outgoing mail queue."""
from . import compat  # noqa: F401
from .message import Message
from .queue import MailQueue

__all__ = ["Message", "MailQueue"]
