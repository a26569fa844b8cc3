"""trailbook: a log of day hikes."""
