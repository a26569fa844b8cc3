"""Gold leaf estimates for a signwriter."""
