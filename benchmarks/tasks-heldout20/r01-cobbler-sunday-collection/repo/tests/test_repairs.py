import unittest
from datetime import date

from cobbler.repairs import price, ready_date, ticket

MONDAY = date(2024, 6, 3)


class RepairTests(unittest.TestCase):
    def test_pair_costs_double(self):
        self.assertEqual(price(["heel"]), 2900)
        self.assertEqual(price(["heel"], pair=False), 1450)

    def test_several_jobs(self):
        self.assertEqual(price(["sole", "polish"]), 6600)

    def test_heel_next_day(self):
        self.assertEqual(ready_date(MONDAY, ["heel"]), date(2024, 6, 4))

    def test_longest_job_sets_the_wait(self):
        self.assertEqual(ready_date(MONDAY, ["heel", "sole"]), date(2024, 6, 6))

    def test_polish_same_day(self):
        self.assertEqual(ready_date(MONDAY, ["polish"]), MONDAY)

    def test_saturday_heel_ready_monday(self):
        self.assertEqual(ready_date(date(2024, 6, 8), ["heel"]), date(2024, 6, 10))

    def test_ticket(self):
        self.assertEqual(ticket("Mr Okoro", MONDAY, ["zip"], pair=False),
                         "Mr Okoro: zip, 18.00, ready Wed 05 Jun")
