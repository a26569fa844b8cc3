"""pressbox: a small static blog builder."""
from pressbox.build import build_archive, load_config
from pressbox.posts import Post, parse_post

__all__ = ["Post", "build_archive", "load_config", "parse_post"]
