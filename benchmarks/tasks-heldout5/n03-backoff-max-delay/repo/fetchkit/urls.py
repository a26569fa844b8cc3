"""URL building helpers."""
from urllib.parse import urlencode


def join_url(base, *parts):
    """join_url('https://api.example.com/v2/', '/users', 7) -> '.../v2/users/7'."""
    url = base.rstrip("/")
    for part in parts:
        piece = str(part).strip("/")
        if piece:
            url += "/" + piece
    return url


def with_query(url, params):
    """Append params (dropping None values) as a query string, keys sorted."""
    clean = sorted((k, v) for k, v in params.items() if v is not None)
    if not clean:
        return url
    sep = "&" if "?" in url else "?"
    return url + sep + urlencode(clean)
