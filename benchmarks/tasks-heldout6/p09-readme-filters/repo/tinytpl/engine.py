"""Render {{ name|filter:arg }} placeholders."""
import re

from tinytpl.filters import FILTERS

_TAG = re.compile(r"\{\{\s*(.+?)\s*\}\}")
_FILTER = re.compile(r'\|\s*(\w+)(?:\s*:\s*("[^"]*"|[^|\s]+))?')


def _lookup(context, dotted):
    value = context
    for part in dotted.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        else:
            value = getattr(value, part, None)
        if value is None:
            return None
    return value


def _evaluate(expr, context):
    name, _, rest = expr.partition("|")
    value = _lookup(context, name.strip())
    for m in _FILTER.finditer("|" + rest if rest else ""):
        func = FILTERS.get(m.group(1))
        if func is None:
            raise KeyError("unknown filter %r" % (m.group(1),))
        arg = m.group(2)
        if arg is None:
            value = func(value)
        else:
            value = func(value, arg[1:-1] if arg.startswith('"') else arg)
    return "" if value is None else str(value)


def render(template, context):
    return _TAG.sub(lambda m: _evaluate(m.group(1), context), template)
