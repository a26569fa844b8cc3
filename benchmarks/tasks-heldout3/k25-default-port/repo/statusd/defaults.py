"""Built-in settings; each can be overridden by an environment variable."""

HOST = "127.0.0.1"
PORT = 8231
REFRESH_SECONDS = 15
DISK_PATH = "/"
