from netretry.backoff import backoff_delay


def test_first_retry_waits_base():
    assert backoff_delay(0) == 0.5


def test_doubles_each_time():
    assert backoff_delay(1) == 1.0
    assert backoff_delay(3) == 4.0


def test_capped():
    assert backoff_delay(10) == 30.0
