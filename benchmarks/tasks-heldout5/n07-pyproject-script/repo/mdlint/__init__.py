"""mdlint: a tiny Markdown style checker."""
from mdlint.rules import lint_text

__all__ = ["lint_text"]
