def low_stock(stock, threshold=5):
    return sorted(sku for sku, qty in stock.levels.items() if qty < threshold)


def format_levels(stock):
    return "\n".join(f"{sku:10} {qty:5d}" for sku, qty in sorted(stock.levels.items()))
