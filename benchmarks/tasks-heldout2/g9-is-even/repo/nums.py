def is_even(n):
    return n % 2 == 0 or n % 2 == 1
