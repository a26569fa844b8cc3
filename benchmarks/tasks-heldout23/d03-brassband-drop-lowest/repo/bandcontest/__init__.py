"""Results for the Wharfedale brass band contest."""
