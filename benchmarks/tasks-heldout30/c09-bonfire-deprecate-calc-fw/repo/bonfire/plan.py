"""python -m bonfire.plan TICKETS PRICE_PENCE [--share PERCENT]: one night's budget."""
import argparse

from bonfire.budget import calc_fw, pounds


def main(argv=None):
    ap = argparse.ArgumentParser(prog="bonfire.plan")
    ap.add_argument("tickets", type=int)
    ap.add_argument("price", type=int, help="ticket price in pence")
    ap.add_argument("--share", type=int, default=40, help="per cent of takings for fireworks")
    args = ap.parse_args(argv)
    print("Fireworks budget: %s" % pounds(calc_fw(args.tickets, args.price, args.share)))


if __name__ == "__main__":
    main()
