values = [4, 8, 15]
print(sum(values) * 2)
