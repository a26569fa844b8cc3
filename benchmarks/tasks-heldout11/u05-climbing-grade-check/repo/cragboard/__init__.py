"""cragboard: the route board of a bouldering and sport-climbing gym."""
