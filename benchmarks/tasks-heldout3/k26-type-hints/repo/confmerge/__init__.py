from .env import from_environ
from .merge import merge_configs

__all__ = ["from_environ", "merge_configs"]
