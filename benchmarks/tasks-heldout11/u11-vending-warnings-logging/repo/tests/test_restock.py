import contextlib
import io
import unittest

from vendfleet.report import render
from vendfleet.restock import restock_list, too_warm
from vendfleet.telemetry import Reading

READINGS = [Reading("VM-01", "A1", 2, 5.5), Reading("VM-01", "A2", 9, 5.5),
            Reading("VM-02", "A1", 14, 9.1), Reading("VM-02", "A2", 3, 9.3)]


class RestockTest(unittest.TestCase):
    def test_restock_list(self):
        with contextlib.redirect_stdout(io.StringIO()):
            plan = restock_list(READINGS)
        self.assertEqual(plan, {"VM-01": {"A1": 10}, "VM-02": {"A2": 9}})

    def test_too_warm(self):
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(too_warm(READINGS), ["VM-02"])

    def test_render(self):
        self.assertEqual(render({"VM-01": {"B1": 12, "A1": 10}}, []).splitlines(),
                         ["RESTOCK PLAN", "  VM-01: A1+10, B1+12", "CHECK COOLING: none"])


if __name__ == "__main__":
    unittest.main()
