from .pager import paginate

PER_PAGE = 10

PRODUCTS = [{"sku": f"SKU-{n:03d}", "name": f"Product {n}"} for n in range(1, 26)]


def list_products(page=1):
    result = paginate(PRODUCTS, page, PER_PAGE)
    return {
        "page": result.number,
        "pages": result.total_pages,
        "next": result.number + 1 if result.has_next else None,
        "products": result.items,
    }
