import unittest

from accounts import api, service


class AccountTests(unittest.TestCase):
    def test_user_view(self):
        self.assertEqual(api.user_view(1)["name"], "Ada")

    def test_missing_user(self):
        self.assertEqual(api.user_view(99)["error"], "not found")

    def test_rename(self):
        service.rename(2, "  Linus T ")
        self.assertEqual(api.user_view(2)["name"], "Linus T")

    def test_empty_name_rejected(self):
        with self.assertRaises(ValueError):
            service.rename(1, "   ")
