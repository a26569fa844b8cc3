"""Go / no-go wind checks for paragliding sites."""
