def calc_total(items):
    return sum(price for _, price in items)
