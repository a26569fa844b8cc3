"""Split text into word chunks for indexing."""


def chunk_words(text, size=200):
    """Split `text` into chunks of at most `size` words.

    Whitespace is normalised: each chunk is its words joined by single spaces.
    """
    if size < 1:
        raise ValueError("size must be at least 1")
    words = text.split()
    return [" ".join(words[i:i + size]) for i in range(0, len(words), size)]
