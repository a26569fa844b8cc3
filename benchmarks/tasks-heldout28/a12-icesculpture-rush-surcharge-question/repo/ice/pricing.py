"""Price parts, in pence."""
import math

BLOCK_PENCE = 6500          # one 100 kg clear block from the ice works
CARVING_PENCE_PER_HOUR = 4800
DELIVERY_PENCE_PER_MILE = 180
MIN_DELIVERY_PENCE = 3500


def blocks_pence(design):
    return design.blocks * BLOCK_PENCE


def carving_pence(design):
    """Carving time, charged by the started half hour."""
    return math.ceil(design.hours * 2) * CARVING_PENCE_PER_HOUR // 2


def delivery_pence(miles):
    return max(MIN_DELIVERY_PENCE, math.ceil(miles) * DELIVERY_PENCE_PER_MILE)


def rush_fee(total_pence, days_notice):
    """Rush fee: 10% on jobs booked with less than a week's notice."""
    if days_notice < 7:
        return total_pence // 10
    return 0
