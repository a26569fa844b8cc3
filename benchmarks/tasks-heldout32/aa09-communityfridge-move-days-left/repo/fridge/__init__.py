"""The community fridge's stock sheet and bin list."""
