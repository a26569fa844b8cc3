from .posts import Post, load_post
from .render import render_post

__version__ = "0.9.1"
