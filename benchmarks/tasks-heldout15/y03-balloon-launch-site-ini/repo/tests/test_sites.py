import unittest

from skyride.sites import load_sites


class SiteTests(unittest.TestCase):
    def setUp(self):
        self.sites = load_sites()

    def test_defaults_fill_in(self):
        castle = self.sites["castle-park"]
        self.assertEqual(castle.slots, ("morning", "evening"))
        self.assertEqual(castle.notice_hours, 24)

    def test_site_values(self):
        kemble = self.sites["kemble-field"]
        self.assertEqual(kemble.name, "Kemble Field")
        self.assertEqual(kemble.slots, ("morning",))
        self.assertEqual(kemble.notice_hours, 48)
        self.assertEqual(self.sites["tor-view"].baskets, ("large",))

    def test_every_site_valid(self):
        for site in self.sites.values():
            self.assertTrue(site.baskets and site.slots)
            self.assertGreater(site.max_wind_knots, 0)


if __name__ == "__main__":
    unittest.main()
