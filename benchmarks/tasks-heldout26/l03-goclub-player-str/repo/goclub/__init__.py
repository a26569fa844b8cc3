"""Members and pairings for the Kirkstall Go Club."""
