"""Read contacts from a CSV export."""
import csv

from .models import Contact


def read_contacts(path):
    """Return a list of Contact objects read from the CSV file at `path`."""
    contacts = []
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            name = (row["name"] or "").strip()
            email = (row["email"] or "").strip().lower()
            phone = (row.get("phone") or "").strip()
            if not name and not email:
                continue
            contacts.append(Contact(name=name, email=email, phone=phone))
    return contacts
