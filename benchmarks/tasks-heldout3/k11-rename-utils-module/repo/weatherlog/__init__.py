"""Parse and summarise weather station logs."""
