"""Who goes with a tour."""

PER_GUIDE = 20


def guides_for(group_size, language="English", tower=False):
    """Guides for a booking: one per 20 visitors, one more for a tour in
    another language (an interpreter guide) or up the tower."""
    guides = -(-group_size // PER_GUIDE)
    if language != "English":
        guides += 1
    if tower:
        guides += 1
    return max(guides, 1)


def guide_fee_pence(guides, hours):
    return guides * hours * 2500
