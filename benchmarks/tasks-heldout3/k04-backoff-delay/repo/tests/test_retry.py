from netretry import retry


def test_returns_first_success():
    assert retry(lambda: 42, sleep=lambda s: None) == 42


def test_retries_then_raises():
    calls = []

    def boom():
        calls.append(1)
        raise OSError("down")

    try:
        retry(boom, attempts=3, sleep=lambda s: None)
    except OSError:
        pass
    else:
        raise AssertionError("expected OSError")
    assert len(calls) == 3
