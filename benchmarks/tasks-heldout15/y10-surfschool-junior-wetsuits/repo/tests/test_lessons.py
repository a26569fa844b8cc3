import unittest

from swellschool.lessons import Student, groups, kit_list

STUDENTS = [Student("Noah", 34, 181, "improver"), Student("Ada", 27, 166, "beginner"),
            Student("Bea", 45, 170, "beginner")]


class LessonTests(unittest.TestCase):
    def test_groups(self):
        self.assertEqual(groups(STUDENTS), {"beginner": ["Ada", "Bea"], "improver": ["Noah"]})

    def test_kit_list(self):
        self.assertEqual(kit_list(STUDENTS), ["Ada: S", "Bea: S", "Noah: L"])


if __name__ == "__main__":
    unittest.main()
