"""Stock and prices for Treacle Lane Fudge Kitchen."""
