"""Job pricing for Drip & Sons Plumbing."""
