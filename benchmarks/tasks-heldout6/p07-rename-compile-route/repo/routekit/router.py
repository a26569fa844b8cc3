"""Route table and dispatch."""
from routekit.errors import MethodNotAllowed, NotFound
from routekit.patterns import compile_pattern


class Router:
    def __init__(self):
        self._routes = []  # (compiled pattern, {method: handler})

    def add(self, method, pattern, handler):
        method = method.upper()
        for compiled, handlers in self._routes:
            if compiled.pattern == pattern:
                handlers[method] = handler
                return
        self._routes.append((compile_pattern(pattern), {method: handler}))

    def dispatch(self, method, path):
        """(handler, params) for a request, or NotFound / MethodNotAllowed."""
        allowed = set()
        for compiled, handlers in self._routes:
            params = compiled.match(path)
            if params is None:
                continue
            handler = handlers.get(method.upper())
            if handler is not None:
                return handler, params
            allowed.update(handlers)
        if allowed:
            raise MethodNotAllowed(path, allowed)
        raise NotFound(path)

    def routes(self):
        return [(c.pattern, sorted(h)) for c, h in self._routes]
