"""Race cards for the model yacht club."""
