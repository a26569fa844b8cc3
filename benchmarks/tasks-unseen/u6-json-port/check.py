import json
def check(root, original, summary):
    try:
        data = json.loads((root / "config.json").read_text())
    except Exception as exc:
        return False, f"config.json is not JSON any more: {exc}"
    return (data == {"debug": True, "port": 9090, "name": "tiny"}, f"config.json holds {data!r}")
