"""python -m uke.chart REQUESTS.csv [--top N]: the most requested songs, most requested first."""
import argparse

from uke.requests import counts, load_requests


def chart(requests, top=10):
    """[(times, title, artist)] for the `top` most requested songs."""
    ranked = sorted(counts(requests).items(), key=lambda item: (item[1], item[0]))
    return [(n, title, artist) for (title, artist), n in ranked[:top]]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m uke.chart")
    parser.add_argument("requests")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args(argv)
    for place, (n, title, artist) in enumerate(chart(load_requests(args.requests), args.top), 1):
        print("%2d. %-32s %-22s x%d" % (place, title, artist, n))


if __name__ == "__main__":
    main()
