import tomllib
def check(root, original, summary):
    try:
        data = tomllib.loads((root / "settings.toml").read_text())
    except Exception as exc:
        return False, f"settings.toml does not parse: {exc}"
    return (data == {"name": "shop", "debug": False, "workers": 4}, f"settings.toml holds {data!r}")
