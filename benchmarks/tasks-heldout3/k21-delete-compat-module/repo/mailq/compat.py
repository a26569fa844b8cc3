"""Python 2/3 compatibility shims (from the 1.x days)."""
import sys

PY2 = sys.version_info[0] == 2

if PY2:  # pragma: no cover
    text_type = unicode  # noqa: F821
    string_types = (str, unicode)  # noqa: F821
else:
    text_type = str
    string_types = (str,)


def ensure_text(value, encoding="utf-8"):
    if isinstance(value, bytes):
        return value.decode(encoding)
    return text_type(value)
