"""Settings: built-in defaults < beacon.ini < BEACON_* environment variables."""
import configparser
import os
from pathlib import Path

CONFIG_PATH = Path(__file__).resolve().parent.parent / "beacon.ini"

DEFAULTS = {
    "host": "127.0.0.1",
    "port": "8000",
    "workers": "2",
    "log_level": "info",
    "job_marker": "/tmp/beacon-last-success",
}


def load(path=None, env=None):
    """The effective server settings as a dict."""
    env = os.environ if env is None else env
    cfg = configparser.ConfigParser()
    cfg.read_dict({"server": DEFAULTS})
    cfg.read(path or CONFIG_PATH)
    server = cfg["server"]
    return {
        "host": env.get("BEACON_HOST", server["host"]),
        "port": int(env.get("BEACON_PORT", server["port"])),
        "workers": int(env.get("BEACON_WORKERS", server["workers"])),
        "log_level": env.get("BEACON_LOG_LEVEL", server["log_level"]),
        "job_marker": server["job_marker"],
    }
