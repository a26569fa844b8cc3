"""Youth football club registrations."""

CLUB = "Kickabout Juniors"
