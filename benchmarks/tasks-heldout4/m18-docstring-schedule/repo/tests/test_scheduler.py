import random
import unittest
from datetime import datetime, timedelta

from jobrunner import Scheduler


class Clock:
    def __init__(self):
        self.now = datetime(2024, 1, 1, 0, 0)

    def __call__(self):
        return self.now


class SchedulerTests(unittest.TestCase):
    def setUp(self):
        self.clock = Clock()
        self.s = Scheduler(clock=self.clock, rng=random.Random(1))
        self.calls = []

    def test_one_shot(self):
        self.s.schedule(lambda: self.calls.append("a"))
        self.assertEqual(self.s.run_pending(), 1)
        self.assertEqual(len(self.s), 0)

    def test_repeat(self):
        self.s.schedule(lambda: self.calls.append("r"), repeat=timedelta(hours=1))
        self.s.run_pending()
        self.clock.now += timedelta(hours=1)
        self.s.run_pending()
        self.assertEqual(self.calls, ["r", "r"])

    def test_future_job_waits(self):
        self.s.schedule(lambda: None, when=self.clock.now + timedelta(minutes=5))
        self.assertEqual(self.s.run_pending(), 0)

    def test_jitter_delays_start(self):
        job = self.s.schedule(lambda: None, jitter=60)
        self.assertGreater(job.next_run, self.clock.now)
        with self.assertRaises(ValueError):
            self.s.schedule(lambda: None, jitter=-1)

    def test_cancel_by_tag(self):
        self.s.schedule(lambda: None, tags=("ops",))
        self.s.schedule(lambda: None)
        self.assertEqual(self.s.cancel("ops"), 1)


if __name__ == "__main__":
    unittest.main()
