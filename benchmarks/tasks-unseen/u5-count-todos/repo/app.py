def load():
    # TODO: cache this
    return open('data.txt').read()


def save(x):
    # TODO: atomic write
    open('data.txt', 'w').write(x)


# TODO: logging
