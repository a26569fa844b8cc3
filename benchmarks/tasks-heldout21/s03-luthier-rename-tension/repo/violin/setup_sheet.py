"""Print a setup sheet: each string's tension and the total on the bridge."""
import argparse
import sys

from violin.strings import SCALE_MM, STRINGS, heaviest_string, tension_kg, total_tension


def sheet_lines(instrument, scale_mm=None):
    scale = scale_mm or SCALE_MM[instrument]
    lines = ["%s, %d mm scale" % (instrument.capitalize(), scale)]
    for name, hz, weight in STRINGS[instrument]:
        lines.append("  %-2s %7.1f Hz  %6.2f kg" % (name, hz, tension_kg(scale, hz, weight)))
    lines.append("  total %.2f kg, heaviest %s" % (total_tension(instrument, scale),
                                                  heaviest_string(instrument, scale)))
    return lines


def retune(instrument, string, pitch_hz, scale_mm=None):
    """Tension of one string tuned away from concert pitch (e.g. scordatura)."""
    scale = scale_mm or SCALE_MM[instrument]
    for name, _, weight in STRINGS[instrument]:
        if name == string:
            return tension_kg(scale, pitch_hz, weight)
    raise KeyError("%s has no %s string" % (instrument, string))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="violin.setup_sheet")
    parser.add_argument("instrument", choices=sorted(STRINGS))
    parser.add_argument("--scale", type=int, help="vibrating length in mm")
    args = parser.parse_args(argv)
    print("\n".join(sheet_lines(args.instrument, args.scale)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
