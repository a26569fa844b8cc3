"""The filter registry and the basic string filters."""

FILTERS = {}


def register(name):
    """Decorator: make a function available as `{{ value|name }}`."""
    def decorate(func):
        FILTERS[name] = func
        return func
    return decorate


@register("upper")
def _upper(value):
    return str(value).upper()


@register("lower")
def _lower(value):
    return str(value).lower()


@register("title")
def _title(value):
    return str(value).title()


@register("strip")
def _strip(value):
    return str(value).strip()


@register("length")
def _length(value):
    return len(value)


@register("default")
def _default(value, fallback=""):
    return fallback if value in (None, "") else value
