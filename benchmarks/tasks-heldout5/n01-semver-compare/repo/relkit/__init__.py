"""relkit: small helpers for cutting releases."""
from relkit.version import bump, compare_versions, latest, parse_version

__all__ = ["bump", "compare_versions", "latest", "parse_version"]
