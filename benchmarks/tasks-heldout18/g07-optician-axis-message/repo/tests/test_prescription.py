import unittest

from specsrx.prescription import check_axis, check_eye, check_sphere


class PrescriptionTest(unittest.TestCase):
    def test_good_eye(self):
        self.assertEqual(check_eye(-2.25, -0.5, 90), (-2.25, -0.5, 90))

    def test_sphere_steps(self):
        with self.assertRaises(ValueError):
            check_sphere(1.1)

    def test_axis_range(self):
        self.assertEqual(check_axis(180), 180)
        with self.assertRaises(ValueError):
            check_axis(0)

    def test_cylinder_needs_axis(self):
        with self.assertRaises(ValueError):
            check_eye(1.0, -0.75)


if __name__ == "__main__":
    unittest.main()
