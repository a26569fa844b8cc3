"""python -m ice.order DESIGN... : blocks to order from the ice works for a week's jobs."""
import argparse
import math

from ice.designs import find_design, load_designs

SPARE_PERCENT = 10   # blocks crack; order a few over
PALLET_BLOCKS = 8


def blocks_to_order(designs):
    needed = sum(d.blocks for d in designs)
    return needed + math.ceil(needed * SPARE_PERCENT / 100)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ice.order")
    parser.add_argument("designs", nargs="+")
    args = parser.parse_args(argv)
    book = load_designs()
    blocks = blocks_to_order([find_design(book, name) for name in args.designs])
    print("%d blocks, %d pallet(s)" % (blocks, math.ceil(blocks / PALLET_BLOCKS)))


if __name__ == "__main__":
    main()
