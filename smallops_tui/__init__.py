"""smallops-tui: supervise a small local language model working as a coding agent."""

__version__ = "0.1.0"
