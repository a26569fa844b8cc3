"""python -m thatch.quote ROOF_M2 RIDGE_M [--material reed|straw]: a quote for one roof."""
import argparse
import math

BUNDLES_PER_M2 = {"reed": 1.5, "straw": 2.0}
BUNDLE_PRICE = {"reed": 9, "straw": 6}
M2_PER_DAY = 12
RIDGE_M_PER_DAY = 6
DAY_RATE = 380


def estimate(roof_m2, ridge_m, material="reed"):
    """(bundles, days, price in pounds) for a roof of `roof_m2` with `ridge_m` of ridge."""
    bundles = math.ceil(roof_m2 * BUNDLES_PER_M2[material])
    days = math.ceil(roof_m2 / M2_PER_DAY + ridge_m / RIDGE_M_PER_DAY)
    return bundles, days, bundles * BUNDLE_PRICE[material] + days * DAY_RATE


def describe(roof_m2, ridge_m, material="reed"):
    bundles, days, price = estimate(roof_m2, ridge_m, material)
    return ["Roof of %g m2 with %g m of ridge, in %s" % (roof_m2, ridge_m, material),
            "  materials: %d bundles at £%d" % (bundles, BUNDLE_PRICE[material]),
            "  labour:    %d days at £%d" % (days, DAY_RATE),
            "  total:     £%d" % price]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m thatch.quote")
    parser.add_argument("roof_m2", type=float)
    parser.add_argument("ridge_m", type=float)
    parser.add_argument("--material", choices=sorted(BUNDLES_PER_M2), default="reed")
    args = parser.parse_args(argv)
    print("\n".join(describe(args.roof_m2, args.ridge_m, args.material)))


if __name__ == "__main__":
    main()
