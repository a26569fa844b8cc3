"""Render a loaded config as a BIND zone file."""
import sys

from zonetool.config import SOA_TIMERS, load_config


def render_zone(config):
    soa = config["soa"]
    lines = [
        "$ORIGIN %s" % config["origin"],
        "$TTL %d" % config["default_ttl"],
        "@ IN SOA %s %s (" % (soa["primary"], soa["admin"]),
        "    %d ; serial" % soa["serial"],
    ]
    lines += ["    %d ; %s" % (soa[t], t) for t in SOA_TIMERS]
    lines.append(")")
    lines += ["@ IN NS %s" % ns for ns in config["nameservers"]]
    lines += ["%s IN %s %s" % rec for rec in config["records"]]
    return "\n".join(lines) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else "zonetool.ini"
    sys.stdout.write(render_zone(load_config(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
