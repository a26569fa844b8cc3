"""The shelf list printed for the shop each morning."""
from wickworks.batch import batch_label


def shelf_list(batches):
    """Batch labels, oldest pour first."""
    ordered = sorted(batches, key=lambda b: (b.poured, b.code))
    return [batch_label(b) for b in ordered]
