"""A minimal in-process scheduler."""
import heapq
import itertools
import random
from datetime import datetime, timedelta

from .job import Job


class Scheduler:
    def __init__(self, clock=datetime.now, rng=None):
        self._clock = clock
        self._rng = rng or random.Random()
        self._queue = []
        self._seq = itertools.count()

    def schedule(self, func, when=None, *, repeat=None, jitter=0.0, tags=()):
        """Register a job.

        Args:
            func: callable to run; it receives no arguments.
            period_secs: number of seconds between two runs. If 0 the job runs once.
            max_runs: stop after this many runs (None means forever).
            on_error: callback invoked with the exception if ``func`` raises.

        Returns:
            The id of the new job.
        """
        if jitter < 0:
            raise ValueError("jitter must be >= 0")
        start = when if when is not None else self._clock()
        if jitter:
            start += timedelta(seconds=self._rng.uniform(0, jitter))
        job = Job(next_run=start, seq=next(self._seq), func=func, repeat=repeat, tags=tuple(tags))
        heapq.heappush(self._queue, job)
        return job

    def cancel(self, tag):
        """Remove every job carrying `tag`; return how many were removed."""
        before = len(self._queue)
        self._queue = [j for j in self._queue if tag not in j.tags]
        heapq.heapify(self._queue)
        return before - len(self._queue)

    def run_pending(self):
        """Run every job that is due; return the number of jobs run."""
        now = self._clock()
        ran = 0
        while self._queue and self._queue[0].next_run <= now:
            job = heapq.heappop(self._queue)
            job.func()
            job.runs += 1
            ran += 1
            if job.repeat:
                job.next_run += job.repeat
                heapq.heappush(self._queue, job)
        return ran

    def __len__(self):
        return len(self._queue)
