"""Stock report for the sweet shop's jars."""
