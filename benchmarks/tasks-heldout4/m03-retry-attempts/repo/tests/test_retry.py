import unittest

from fetchkit.retry import call_with_retry


class Flaky:
    def __init__(self, failures, result="ok"):
        self.failures = failures
        self.calls = 0
        self.result = result

    def __call__(self):
        self.calls += 1
        if self.calls <= self.failures:
            raise OSError("boom %d" % self.calls)
        return self.result


class RetryTests(unittest.TestCase):
    def test_returns_first_success(self):
        fn = Flaky(0)
        self.assertEqual(call_with_retry(fn, sleep=lambda s: None), "ok")
        self.assertEqual(fn.calls, 1)

    def test_recovers_after_one_failure(self):
        fn = Flaky(1)
        self.assertEqual(call_with_retry(fn, attempts=3, sleep=lambda s: None), "ok")
        self.assertEqual(fn.calls, 2)

    def test_makes_exactly_n_attempts(self):
        fn = Flaky(10)
        with self.assertRaises(OSError):
            call_with_retry(fn, attempts=4, sleep=lambda s: None)
        self.assertEqual(fn.calls, 4)

    def test_rejects_zero_attempts(self):
        with self.assertRaises(ValueError):
            call_with_retry(Flaky(0), attempts=0)

    def test_other_errors_are_not_retried(self):
        def bad():
            raise KeyError("x")
        with self.assertRaises(KeyError):
            call_with_retry(bad, sleep=lambda s: None)


if __name__ == "__main__":
    unittest.main()
