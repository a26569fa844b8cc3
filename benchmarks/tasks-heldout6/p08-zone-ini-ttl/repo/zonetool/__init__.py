"""zonetool: render a BIND zone file from an INI description."""
from zonetool.config import load_config
from zonetool.render import render_zone

__all__ = ["load_config", "render_zone"]
