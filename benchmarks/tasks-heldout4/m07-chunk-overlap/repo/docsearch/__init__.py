from .chunking import chunk_words
from .index import Index

__all__ = ["chunk_words", "Index"]
