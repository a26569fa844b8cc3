RULES = [
    ("SALARY", "income"),
    ("TESCO", "groceries"),
    ("SAINSBURY", "groceries"),
    ("SPOTIFY", "subscriptions"),
    ("NETFLIX", "subscriptions"),
]


def categorize(tx):
    desc = tx.description.upper()
    for needle, category in RULES:
        if needle in desc:
            return category
    return "other"
