"""Reading the league fixtures (exported from the club spreadsheet)."""
import csv


def load_results(path):
    """[(home, away, home goals, away goals)] for the matches played so far."""
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if not row["home_goals"].strip():
                continue  # not played yet
            out.append((row["home"].strip(), row["away"].strip(),
                        int(row["home_goals"]), int(row["away_goals"])))
    return out


def load_upcoming(path):
    """[(date, home, away)] for the matches not played yet, in file order."""
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["home_goals"].strip():
                continue
            out.append((row["date"].strip(), row["home"].strip(), row["away"].strip()))
    return out
