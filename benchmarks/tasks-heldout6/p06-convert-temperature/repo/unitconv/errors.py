"""Errors raised by unitconv."""


class UnitError(ValueError):
    """An unknown or incompatible unit was given."""

    def __init__(self, unit, kind):
        super().__init__("unknown %s unit: %r" % (kind, unit))
        self.unit = unit
        self.kind = kind
