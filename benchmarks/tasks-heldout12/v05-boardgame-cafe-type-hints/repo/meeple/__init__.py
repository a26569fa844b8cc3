"""meeple: tables and games for a board game cafe."""
