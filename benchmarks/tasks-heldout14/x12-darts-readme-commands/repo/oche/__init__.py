"""oche: results and tables for the pub darts league."""
