"""crate: stock list for a record shop."""
