"""Read and validate zonetool.ini."""
import configparser

SOA_TIMERS = ("refresh", "retry", "expire", "minimum")


def load_config(path):
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str  # record names are case-sensitive
    if not cp.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    zone = cp["zone"]
    soa = cp["soa"]
    config = {
        "origin": zone["origin"].strip(),
        "default_ttl": zone.getint("default_ttl"),
        "soa": {
            "primary": soa["primary"].strip(),
            "admin": soa["admin"].strip(),
            "serial": soa.getint("serial"),
        },
        "nameservers": [v.strip() for _, v in cp.items("nameservers")],
        "records": [],
    }
    for timer in SOA_TIMERS:
        config["soa"][timer] = soa.getint(timer)
    if cp.has_section("records"):
        for name, value in cp.items("records"):
            rtype, data = value.split(None, 1)
            config["records"].append((name, rtype.upper(), data.strip()))
    if not config["origin"].endswith("."):
        raise ValueError("origin must end with a dot")
    if config["default_ttl"] <= 0:
        raise ValueError("default_ttl must be positive")
    if len(config["nameservers"]) < 2:
        raise ValueError("a zone needs at least two nameservers")
    return config
