from . import directory


def chain_of_command(uid):
    """Names from this person up to the top of the tree."""
    names = []
    person = directory.get_usr(uid)
    while person is not None:
        names.append(person.name)
        person = directory.get_usr(person.manager) if person.manager else None
    return names


def print_chain(uid):
    print(" -> ".join(chain_of_command(uid)))
