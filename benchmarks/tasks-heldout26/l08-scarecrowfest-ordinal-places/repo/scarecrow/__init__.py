"""Votes and placings for the Little Hadham Scarecrow Festival."""
