from .parser import parse_env, ParseError
from .loader import load_env

__all__ = ["parse_env", "load_env", "ParseError"]
