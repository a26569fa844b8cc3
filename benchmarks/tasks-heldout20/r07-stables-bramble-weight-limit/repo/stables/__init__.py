"""Which horse can take which rider at the riding stables."""
