from dataclasses import dataclass
from decimal import Decimal

from .utils import validate_price, validate_sku


@dataclass
class Product:
    sku: str
    name: str
    price: Decimal


class Catalog:
    def __init__(self):
        self._products = {}

    def add(self, sku, name, price):
        product = Product(validate_sku(sku), name, validate_price(price))
        self._products[product.sku] = product
        return product

    def get(self, sku):
        return self._products[sku]

    def __len__(self):
        return len(self._products)
