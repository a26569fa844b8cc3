"""routekit: a tiny URL router."""
from routekit.errors import MethodNotAllowed, NotFound, RoutingError
from routekit.patterns import CompiledPattern, compile_pattern
from routekit.router import Router

__all__ = ["CompiledPattern", "compile_pattern", "Router",
           "RoutingError", "NotFound", "MethodNotAllowed"]
