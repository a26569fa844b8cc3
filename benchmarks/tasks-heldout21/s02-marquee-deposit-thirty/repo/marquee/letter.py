"""The quote letter we email to customers."""
import argparse
import sys

from marquee.quote import (BALANCE_DUE_DAYS, FLOORING_PER_GUEST, LATE_CANCEL_DAYS,
                           deposit, hire_price, marquee_for, pounds)


def quote_letter(customer, guests, days, flooring=False):
    size = marquee_for(guests)
    total = hire_price(size, days, guests, flooring)
    day_word = "day" if days == 1 else "days"
    lines = [
        "Dear %s," % customer,
        "",
        "Thank you for asking about a %s marquee for %d guests over %d %s." % (size, guests, days, day_word),
        "",
        "  Marquee hire: %s" % pounds(hire_price(size, days)),
    ]
    if flooring:
        lines.append("  Matting floor: %s" % pounds(FLOORING_PER_GUEST * guests))
    lines += [
        "  Total: %s" % pounds(total),
        "",
        "A 25%% deposit of %s secures your date." % pounds(deposit(total)),
        "The balance is due %d days before the event." % BALANCE_DUE_DAYS,
        "If you cancel within %d days of the event we keep 25%% of the total." % LATE_CANCEL_DAYS,
        "",
        "Hollins & Daughter Marquees",
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="marquee-letter")
    parser.add_argument("customer")
    parser.add_argument("guests", type=int)
    parser.add_argument("days", type=int)
    parser.add_argument("--flooring", action="store_true")
    args = parser.parse_args(argv)
    print(quote_letter(args.customer, args.guests, args.days, args.flooring))
    return 0


if __name__ == "__main__":
    sys.exit(main())
