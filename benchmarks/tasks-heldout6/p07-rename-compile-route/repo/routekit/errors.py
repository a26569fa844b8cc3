"""Routing errors."""


class RoutingError(Exception):
    status = 500


class NotFound(RoutingError):
    status = 404


class MethodNotAllowed(RoutingError):
    status = 405

    def __init__(self, path, allowed):
        super().__init__("%s allows %s" % (path, ", ".join(sorted(allowed))))
        self.allowed = set(allowed)
