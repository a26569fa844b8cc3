import os
import unittest

from upholstery.jobs import fabric_needed, read_jobs

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class JobTests(unittest.TestCase):
    def test_earliest_due_first(self):
        jobs = read_jobs(os.path.join(HERE, "jobs.csv"))
        self.assertEqual([j.ref for j in jobs], ["T-102", "T-101", "T-106", "T-105", "T-104"])

    def test_fabric_needed(self):
        jobs = [j for j in read_jobs(os.path.join(HERE, "jobs.csv")) if j.status == "open"]
        self.assertEqual(fabric_needed(jobs)["Linwood velvet teal"], 15.5)


if __name__ == "__main__":
    unittest.main()
