"""Version 1 formatter: no padding, no alignment. Deprecated."""
import warnings


def format_table_v1(rows, headers):
    warnings.warn("format_table_v1 is deprecated; use format_table",
                  DeprecationWarning, stacklevel=2)
    lines = ["|" + "|".join(headers) + "|",
             "|" + "|".join("---" for _ in headers) + "|"]
    for row in rows:
        lines.append("|" + "|".join(str(c) for c in row) + "|")
    return "\n".join(lines)
