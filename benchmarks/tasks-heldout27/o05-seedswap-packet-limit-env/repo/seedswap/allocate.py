"""python -m seedswap.allocate REQUESTS.csv STOCK.csv: who takes home which packets."""
import argparse

from seedswap import rules


def load(requests_path, stock_path):
    requests = [(r["member"], r["variety"], int(r["packets"])) for r in rules.read_rows(requests_path)]
    stock = {r["variety"]: int(r["packets"]) for r in rules.read_rows(stock_path)}
    return requests, stock


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m seedswap.allocate")
    parser.add_argument("requests")
    parser.add_argument("stock")
    args = parser.parse_args(argv)
    requests, stock = load(args.requests, args.stock)
    for member, packets in rules.allocate(requests, stock).items():
        items = ", ".join("%d %s" % (n, v) for v, n in packets.items()) or "nothing left"
        print("%s: %s" % (member, items))
    for member, asked in rules.capped(requests).items():
        print("note: %s asked for %d packets, capped at %d" % (member, asked, rules.MAX_PACKETS))


if __name__ == "__main__":
    main()
