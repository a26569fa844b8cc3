import unittest

from routekit import MethodNotAllowed, NotFound, Router
from routekit.patterns import compile_pattern


def show(params):
    return "show"


def update(params):
    return "update"


class RouterTests(unittest.TestCase):
    def setUp(self):
        self.router = Router()
        self.router.add("GET", "/items/<int:item_id>", show)
        self.router.add("put", "/items/<int:item_id>", update)

    def test_dispatch(self):
        self.assertEqual(self.router.dispatch("GET", "/items/7"), (show, {"item_id": 7}))
        self.assertEqual(self.router.dispatch("PUT", "/items/7")[0], update)

    def test_not_found(self):
        with self.assertRaises(NotFound):
            self.router.dispatch("GET", "/nothing")

    def test_method_not_allowed(self):
        with self.assertRaises(MethodNotAllowed) as ctx:
            self.router.dispatch("DELETE", "/items/7")
        self.assertEqual(ctx.exception.allowed, {"GET", "PUT"})

    def test_routes_share_compiled_pattern(self):
        self.assertEqual(self.router.routes(), [("/items/<int:item_id>", ["GET", "PUT"])])
        self.assertEqual(compile_pattern("/items/<int:item_id>").pattern, "/items/<int:item_id>")


if __name__ == "__main__":
    unittest.main()
