from .anchors import anchor
from .toc import build_toc, extract_headings

__all__ = ["anchor", "build_toc", "extract_headings"]
