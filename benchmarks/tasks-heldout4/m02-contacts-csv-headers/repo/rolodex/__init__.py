from .models import Contact
from .importer import read_contacts

__all__ = ["Contact", "read_contacts"]
