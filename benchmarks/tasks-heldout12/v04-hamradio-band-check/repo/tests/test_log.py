import unittest

from hamlog.log import add_contact, load_log
from hamlog.report import band_summary, callsigns


class LogTest(unittest.TestCase):
    def test_add_normalises(self):
        log = []
        contact = add_contact(log, " g4xyz ", 7.13, "ssb")
        self.assertEqual((contact.callsign, contact.mode, contact.band), ("G4XYZ", "SSB", "40m"))
        self.assertEqual(log, [contact])

    def test_unknown_mode(self):
        with self.assertRaises(ValueError):
            add_contact([], "G4XYZ", 7.13, "morse")

    def test_load_and_report(self):
        log = load_log(["# test", "", "DL1ABC 14.074 FT8", "g4xyz 7.130 ssb", "F5AAA 14.2 ssb"])
        self.assertEqual(callsigns(log), ["DL1ABC", "F5AAA", "G4XYZ"])
        self.assertEqual(band_summary(log), "20m: 2 contacts\n40m: 1 contact")


if __name__ == "__main__":
    unittest.main()
