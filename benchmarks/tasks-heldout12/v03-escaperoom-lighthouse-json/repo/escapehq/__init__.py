"""escapehq: room settings and quotes for an escape-room venue."""
