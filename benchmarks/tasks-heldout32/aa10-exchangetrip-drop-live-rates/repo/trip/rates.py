"""Exchange rates: how much of each currency a pound buys."""

TERM_RATES = {"EUR": 1.16, "CHF": 1.12, "NOK": 13.45, "CZK": 28.9}  # set by the bursar each term
RATES_URL = "https://api.exchangerate.example/latest?base=GBP"


def fetch_rates(timeout=5):
    """Today's rates from the web (needs the optional `requests` package); the term rates if that fails."""
    try:
        import requests
    except ImportError:
        return dict(TERM_RATES)
    try:
        data = requests.get(RATES_URL, timeout=timeout).json()
        return {c: float(data["rates"][c]) for c in TERM_RATES}
    except Exception:
        return dict(TERM_RATES)


def to_currency(pounds, currency, rates=TERM_RATES):
    return round(pounds * rates[currency.upper()], 2)


def to_pounds(amount, currency, rates=TERM_RATES):
    return round(amount / rates[currency.upper()], 2)
