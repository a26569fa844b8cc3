from util import calc_total

basket = [("tea", 3), ("bread", 2)]
print(calc_total(basket))
