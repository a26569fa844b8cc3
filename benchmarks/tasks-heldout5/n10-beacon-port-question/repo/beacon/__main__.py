import argparse

from beacon.server import serve
from beacon.settings import load

parser = argparse.ArgumentParser(prog="beacon")
parser.add_argument("--config", help="path of an alternative ini file")
parser.add_argument("--port", type=int, help="override the configured port")
args = parser.parse_args()

settings = load(args.config)
if args.port:
    settings["port"] = args.port
serve(settings)
