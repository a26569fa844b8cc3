"""League table for the Vale of Usk summer rounders league."""
