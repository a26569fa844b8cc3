"""groomroom: the appointment book for a dog grooming salon."""
