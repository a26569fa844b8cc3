"""The session log: its event types (the ground floor every other wing may import), writer and reader."""
