"""Turn report rows (list of dicts) into text."""
import csv
import io
import json
import warnings
from xml.sax.saxutils import escape


def export_csv(rows):
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def export_json(rows):
    return json.dumps(rows, indent=2, sort_keys=True) + "\n"


def legacy_export_xml(rows):
    """Deprecated: XML format of the 1.x series. Nobody should use this any more."""
    warnings.warn("legacy_export_xml is deprecated", DeprecationWarning, stacklevel=2)
    parts = ["<report>"]
    for row in rows:
        fields = "".join(f"<{k}>{escape(str(v))}</{k}>" for k, v in row.items())
        parts.append(f"  <row>{fields}</row>")
    parts.append("</report>")
    return "\n".join(parts) + "\n"
