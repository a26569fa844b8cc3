"""Order sheets for the Chatham ropewalk."""
