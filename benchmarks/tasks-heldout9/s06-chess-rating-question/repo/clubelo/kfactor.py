"""How fast ratings move."""

K_BY_TIME_CONTROL = {"classical": 20, "rapid": 15, "blitz": 10}
PROVISIONAL_GAMES = 10
MASTER_RATING = 2200


def k_factor(rating, games_played, time_control):
    """K-factor for a player; doubled while provisional, halved for masters."""
    try:
        k = K_BY_TIME_CONTROL[time_control]
    except KeyError:
        raise ValueError("unknown time control: %s" % time_control) from None
    if games_played < PROVISIONAL_GAMES:
        k *= 2
    elif rating >= MASTER_RATING:
        k /= 2
    return k
