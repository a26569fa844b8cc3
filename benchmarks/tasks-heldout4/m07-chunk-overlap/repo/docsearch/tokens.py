import re

_TOKEN = re.compile(r"[a-z0-9]+")


def terms(text):
    return set(_TOKEN.findall(text.lower()))
