"""Letter cutting: what an inscription costs by style."""
import csv

RATE_PENCE = {"incised": 420, "raised": 735, "gilded": 615}


def count_letters(inscription):
    """Letters and figures to cut; spaces and punctuation are free."""
    return sum(1 for ch in inscription if ch.isalnum())


def lettering_pence(inscription, style):
    if style not in RATE_PENCE:
        raise ValueError("unknown lettering style %r (use %s)" % (style, ", ".join(sorted(RATE_PENCE))))
    return count_letters(inscription) * RATE_PENCE[style]


def load_stones(path="stones.csv"):
    """{stone name: price in pence} from the price list."""
    with open(path, newline="", encoding="utf-8") as f:
        return {r["stone"].strip(): int(r["pence"]) for r in csv.DictReader(f)}
