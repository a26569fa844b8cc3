def render_table(players):
    rows = ["%-3s %-12s %5s %5s %5s" % ("#", "player", "pts", "games", "wins")]
    for rank, p in enumerate(players, start=1):
        rows.append("%-3d %-12s %5d %5d %5d" % (rank, p.name, p.pts, p.games, p.wins))
    return "\n".join(rows)
