"""League tables for the village snail races."""
