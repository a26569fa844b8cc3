"""Build a config layer from environment variables."""
from typing import Dict, Mapping


def from_environ(environ: Mapping[str, str], prefix: str = "APP_") -> Dict[str, object]:
    """APP_DB__HOST=x becomes {"db": {"host": "x"}}."""
    layer: Dict[str, object] = {}
    for name, value in environ.items():
        if not name.startswith(prefix):
            continue
        path = name[len(prefix):].lower().split("__")
        node = layer
        for part in path[:-1]:
            node = node.setdefault(part, {})  # type: ignore[assignment]
        node[path[-1]] = value
    return layer
