from .counter import count_words, most_common

__all__ = ["count_words", "most_common"]
