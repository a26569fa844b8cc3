import json
def check(root, original, summary):
    try:
        data = json.loads((root / "package.json").read_text())
    except Exception as exc:
        return False, f"package.json is not JSON any more: {exc}"
    return (data == {"name": "demo", "version": "1.1.0", "scripts": {"test": "node test.js"}}, f"package.json holds {data!r}")
