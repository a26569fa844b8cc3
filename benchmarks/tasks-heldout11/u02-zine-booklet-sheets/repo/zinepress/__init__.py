"""zinepress: imposition and costing for small saddle-stitched zines."""
