from .chunking import chunk_words
from .tokens import terms


class Index:
    def __init__(self, chunk_size=200):
        self.chunk_size = chunk_size
        self.chunks = []          # list of (doc_id, chunk_text)
        self._terms = []          # parallel list of term sets

    def add(self, doc_id, text):
        for chunk in chunk_words(text, size=self.chunk_size):
            self.chunks.append((doc_id, chunk))
            self._terms.append(terms(chunk))

    def search(self, query):
        wanted = terms(query)
        hits = []
        for (doc_id, _), found in zip(self.chunks, self._terms):
            if wanted <= found and doc_id not in hits:
                hits.append(doc_id)
        return hits
