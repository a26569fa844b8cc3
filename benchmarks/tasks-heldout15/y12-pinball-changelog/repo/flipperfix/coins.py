"""Coin box audit.

New in 1.4.0: the whole module and the coin-audit command."""

PENCE_PER_PLAY = 50


def coin_audit(coin_pence, plays):
    """{machine: pence short (+) or over (-)} against the play counters."""
    out = {}
    for machine, counted in sorted(plays.items()):
        out[machine] = counted * PENCE_PER_PLAY - coin_pence.get(machine, 0)
    return out
