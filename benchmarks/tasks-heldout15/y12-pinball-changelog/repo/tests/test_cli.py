import json
import unittest
from datetime import date

from flipperfix.cli import build_parser, render
from flipperfix.faults import Fault


class CliTests(unittest.TestCase):
    def test_parser(self):
        args = build_parser().parse_args(["faults", "--machine", "Twilight Zone"])
        self.assertEqual((args.status, args.machine), ("open", "Twilight Zone"))
        self.assertEqual(build_parser().parse_args(["coin-audit"]).command, "coin-audit")

    def test_render(self):
        f = Fault("Medieval", "ramp sensor", date(2025, 4, 1), "down")
        self.assertEqual(render([f]), "2025-04-01  Medieval       down   ramp sensor")
        self.assertEqual(json.loads(render([f], as_json=True))[0]["severity"], "down")


if __name__ == "__main__":
    unittest.main()
