import unittest

from crookrun.ranking import rank, result_line
from crookrun.runs import Run


def run(handler, dog, points, klass="open", retired=False):
    outrun, lift, fetch, drive, shed, pen = points
    return Run(handler, dog, klass, {"outrun": outrun, "lift": lift, "fetch": fetch,
                                     "drive": drive, "shed": shed, "pen": pen}, retired)


class RankTest(unittest.TestCase):
    def test_order_and_ties(self):
        a = run("Ann Price", "Moss", (18, 9, 17, 26, 8, 9))
        b = run("Bob Hill", "Fly", (15, 8, 16, 28, 9, 10))
        c = run("Cat Jones", "Nell", (19, 9, 18, 24, 7, 9))
        d = run("Dan Ross", "Glen", (10, 5, 10, 10, 0, 0), retired=True)
        e = run("Eve Lamb", "Jess", (18, 9, 17, 26, 8, 9), klass="novice")
        placed = rank([d, a, b, c, e])
        self.assertEqual([(l, r.dog) for l, r in placed],
                         [("1", "Moss"), ("2", "Nell"), ("3", "Fly"), ("RT", "Glen")])
        self.assertEqual([r.dog for _, r in rank([a, e], "novice")], ["Jess"])

    def test_result_line(self):
        a = run("Ann Price", "Moss", (18, 9, 17, 26, 8, 9))
        self.assertEqual(result_line("1", a), "  1. Ann Price          Moss        87")
        d = run("Dan Ross", "Glen", (1, 1, 1, 1, 0, 0), retired=True)
        self.assertTrue(result_line("RT", d).endswith("retired"))


if __name__ == "__main__":
    unittest.main()
