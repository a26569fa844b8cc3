"""House tea blends: recipes, batch weights and caffeine."""
