"""Decide what the driver loads onto the van tomorrow."""

SLOT_CAPACITY = 12
LOW_STOCK = 3          # restock a slot at or below this many items
MAX_TEMP_C = 8.0       # chilled machines should stay at or below this


def restock_list(readings):
    """{machine: {slot: items to add}} for every slot at or below LOW_STOCK."""
    plan = {}
    for r in readings:
        if not 0 <= r.count <= SLOT_CAPACITY:
            print("WARNING: %s slot %s reports an impossible count of %d"
                  % (r.machine, r.slot, r.count))
            continue
        if r.count <= LOW_STOCK:
            plan.setdefault(r.machine, {})[r.slot] = SLOT_CAPACITY - r.count
    return plan


def too_warm(readings):
    """Machines (sorted) with any reading above MAX_TEMP_C."""
    warm = sorted({r.machine for r in readings if r.temp_c > MAX_TEMP_C})
    for machine in warm:
        print("WARNING: machine %s is running warm" % (machine,))
    return warm
