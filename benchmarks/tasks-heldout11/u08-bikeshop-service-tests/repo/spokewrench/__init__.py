"""spokewrench: job cards and service reminders for a bicycle repair shop."""
