"""truckstop: where and when the food truck trades."""
