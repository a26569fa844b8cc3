import csv
import io


def clean_rows(rows):
    for row in rows:
        cells = [cell.strip() for cell in row]
        if any(cells):
            yield cells


def clean_text(text):
    reader = csv.reader(io.StringIO(text))
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(clean_rows(reader))
    return out.getvalue()
