"""Results and league table for the Tyne Valley volleyball league."""
