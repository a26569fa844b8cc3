"""Blood donation sessions: donor eligibility, booking and letters."""
