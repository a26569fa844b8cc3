"""Weekly pull lists for the Panel Beaters comic shop."""
