"""fancydress: hires and returns at a costume hire shop."""
