import unittest

from staffdir import get_usr, team_members
from staffdir.api import person_json
from staffdir.report import chain_of_command


class DirectoryTests(unittest.TestCase):
    def test_get_usr(self):
        self.assertEqual(get_usr("jdoe").name, "Jane Doe")

    def test_get_usr_unknown(self):
        with self.assertRaises(LookupError):
            get_usr("nobody")

    def test_team_members(self):
        self.assertEqual([p.uid for p in team_members("infra")], ["jdoe", "mchan"])

    def test_person_json(self):
        self.assertEqual(person_json("rpatel")["manager"], "Mei Chan")

    def test_chain(self):
        self.assertEqual(chain_of_command("jdoe"), ["Jane Doe", "Mei Chan"])


if __name__ == "__main__":
    unittest.main()
