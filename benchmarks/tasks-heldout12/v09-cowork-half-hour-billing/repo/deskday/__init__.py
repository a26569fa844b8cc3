"""deskday: billing for a coworking space."""
