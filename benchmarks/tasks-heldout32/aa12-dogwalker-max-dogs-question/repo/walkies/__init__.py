"""Walk plans for a dog-walking business."""
