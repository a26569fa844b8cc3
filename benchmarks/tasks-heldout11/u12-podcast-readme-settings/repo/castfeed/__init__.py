"""castfeed: builds the RSS feed for a small self-hosted podcast."""
