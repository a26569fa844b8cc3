"""Stand-up paddleboard hire at Pebble Bay."""
