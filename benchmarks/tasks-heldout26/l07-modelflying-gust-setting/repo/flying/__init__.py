"""Is it a flying day? Forecast checks for the Bramley Model Flying Club."""
