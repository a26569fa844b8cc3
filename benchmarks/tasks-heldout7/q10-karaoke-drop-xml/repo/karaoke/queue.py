"""Round-robin song queue."""
from collections import deque


class SongQueue:
    """Singers take turns; each singer's songs keep their request order."""

    def __init__(self):
        self._songs = {}      # singer -> deque of (title, artist)
        self._turns = deque()  # singers in turn order

    def add(self, singer, title, artist=""):
        if singer not in self._songs:
            self._songs[singer] = deque()
            self._turns.append(singer)
        self._songs[singer].append((title, artist))

    def __len__(self):
        return sum(len(songs) for songs in self._songs.values())

    def upcoming(self):
        """All queued songs as (singer, title, artist), in play order."""
        songs = {s: deque(q) for s, q in self._songs.items()}
        turns, order = deque(self._turns), []
        while turns:
            singer = turns.popleft()
            if songs[singer]:
                order.append((singer,) + songs[singer].popleft())
                turns.append(singer)
        return order

    def next(self):
        """Remove and return the next (singer, title, artist), or None."""
        while self._turns:
            singer = self._turns.popleft()
            if self._songs[singer]:
                title, artist = self._songs[singer].popleft()
                self._turns.append(singer)
                return singer, title, artist
        return None
