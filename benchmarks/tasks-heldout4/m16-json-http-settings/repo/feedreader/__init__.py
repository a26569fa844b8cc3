from .config import load_settings

__version__ = "2.1.0"
