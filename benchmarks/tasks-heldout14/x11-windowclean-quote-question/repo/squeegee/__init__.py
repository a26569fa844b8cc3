"""squeegee: quotes for a window cleaning round."""
