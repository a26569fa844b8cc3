"""Promo codes and what they do to the joining fee."""

FEE_WAIVED = {"SPRING", "FRIEND"}
FEE_HALVED = {"OPENDAY"}


def joining_fee_after_promo(fee, promo):
    """Apply a promo code (or None) to a joining fee in cents."""
    code = (promo or "").strip().upper()
    if code in FEE_WAIVED:
        return 0
    if code in FEE_HALVED:
        return fee // 2
    return fee
