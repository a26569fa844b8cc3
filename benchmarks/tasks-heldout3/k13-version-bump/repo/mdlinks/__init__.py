"""Find broken relative links in Markdown files."""

__version__ = "1.4.2"
