import unittest

from washday.config import MACHINES, load_programs


class ConfigTest(unittest.TestCase):
    def test_programs_load(self):
        programs = load_programs()
        self.assertIn("standard", programs)
        self.assertEqual(programs["quick"].minutes, 30)
        self.assertEqual(programs["hot"].price_cents, 350)

    def test_every_program_is_sane(self):
        for program in load_programs().values():
            self.assertIn(program.machine, MACHINES)
            self.assertGreater(program.minutes, 0)
            self.assertGreater(program.price_cents, 0)


if __name__ == "__main__":
    unittest.main()
