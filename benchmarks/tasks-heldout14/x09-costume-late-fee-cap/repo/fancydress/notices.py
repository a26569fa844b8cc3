"""Reminder texts sent to customers with overdue costumes."""
from fancydress.costumes import pounds
from fancydress.fees import late_fee


def reminder(customer, costume, days_late):
    """The text message for a costume that is `days_late` days overdue."""
    fee = late_fee(costume, days_late)
    return ("Hi %s, your %s is %d day%s late. Late fee so far: %s. "
            "Please bring it back as soon as you can."
            % (customer, costume.name, days_late, "" if days_late == 1 else "s", pounds(fee)))
