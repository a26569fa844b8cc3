total = 2 + 3
print("debug")
print(total)
