import sys

from .fmt import footer, header, line_item

SAMPLE_LINES = [("Design work", 12, 85.0), ("Hosting (month)", 1, 19.9)]


def render(number, customer, lines, currency="EUR"):
    out = [header(number, customer), ""]
    total = 0.0
    for name, qty, price in lines:
        out.append(line_item(name, qty, price, currency))
        total += qty * price
    out.append(footer(total, currency))
    return "\n".join(out)


if __name__ == "__main__":
    print(render(int(sys.argv[1]), sys.argv[2], SAMPLE_LINES))
