"""Race times, records and the season league for Saltdean Sea Swimmers."""
