def name():
    return "tool"


print(name())
