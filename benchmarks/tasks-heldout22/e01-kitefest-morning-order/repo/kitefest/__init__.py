"""Running order and arena clashes for the Hallam Moor kite festival."""
