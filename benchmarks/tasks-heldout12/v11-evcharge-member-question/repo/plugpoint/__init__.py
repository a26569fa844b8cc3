"""plugpoint: pricing for EV charging sessions."""
