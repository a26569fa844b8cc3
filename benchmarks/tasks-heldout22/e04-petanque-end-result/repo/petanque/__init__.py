"""Scores and league tables for the Old Mill petanque club."""
