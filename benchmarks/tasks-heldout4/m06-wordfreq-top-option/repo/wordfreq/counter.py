import re
from collections import Counter

_WORD = re.compile(r"[A-Za-z']+")


def tokenize(text, ignore_case=False):
    words = _WORD.findall(text)
    if ignore_case:
        words = [w.lower() for w in words]
    return [w.strip("'") for w in words if w.strip("'")]


def count_words(text, ignore_case=False, stopwords=()):
    stop = {s.lower() if ignore_case else s for s in stopwords}
    return Counter(w for w in tokenize(text, ignore_case) if w not in stop)


def most_common(counts):
    """(word, count) pairs, highest count first, ties alphabetical."""
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
