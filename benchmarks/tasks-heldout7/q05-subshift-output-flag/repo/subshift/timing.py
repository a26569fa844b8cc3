"""SRT timestamps."""
import re

_TS = re.compile(r"^(\d{2}):(\d{2}):(\d{2}),(\d{3})$")


def parse_ts(text):
    """'00:01:02,500' -> 62500 (milliseconds)."""
    m = _TS.match(text.strip())
    if not m:
        raise ValueError("bad timestamp: %r" % (text,))
    h, mnt, s, ms = (int(g) for g in m.groups())
    return ((h * 60 + mnt) * 60 + s) * 1000 + ms


def format_ts(ms):
    """62500 -> '00:01:02,500'."""
    if ms < 0:
        raise ValueError("negative time: %r" % (ms,))
    s, ms = divmod(int(ms), 1000)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    return "%02d:%02d:%02d,%03d" % (h, m, s, ms)
