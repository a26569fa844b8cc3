"""Tunable settings for the fetcher."""

# How many times a request is attempted before giving up.
MAX_RETRY = 5

# Seconds before a single attempt times out.
TIMEOUT_SECONDS = 10

USER_AGENT = "fetcher/0.6"
