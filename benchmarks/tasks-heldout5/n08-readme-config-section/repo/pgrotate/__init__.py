"""pgrotate: prune old PostgreSQL dumps."""
from pgrotate.config import Settings, load_settings
from pgrotate.rotate import files_to_delete

__all__ = ["Settings", "files_to_delete", "load_settings"]
