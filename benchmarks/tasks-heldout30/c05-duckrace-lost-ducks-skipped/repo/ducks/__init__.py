"""Results for the Ouse Bridge charity duck race."""
