"""Reading the survey's settings file (trap.ini).

    [site]
    name = Hollins Wood
    grid_ref = SK 512 334
    recorder = J. Amis

    [trap]
    bulb = MV 125W
    design = Robinson

Missing sections and keys take the values in DEFAULTS.
"""
import configparser

DEFAULTS = {
    "site": {"name": "Unnamed site", "grid_ref": "", "recorder": ""},
    "trap": {"bulb": "MV 125W", "design": "Robinson"},
}


def load_settings(path):
    """{section: {key: value}} from an INI file, over the defaults."""
    parser = configparser.ConfigParser()
    if not parser.read(path, encoding="utf-8"):
        raise FileNotFoundError(path)
    out = {section: dict(values) for section, values in DEFAULTS.items()}
    for section in parser.sections():
        out.setdefault(section, {}).update(parser.items(section))
    return out
