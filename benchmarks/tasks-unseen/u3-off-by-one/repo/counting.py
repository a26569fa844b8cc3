def count_up(n):
    return list(range(1, n))
