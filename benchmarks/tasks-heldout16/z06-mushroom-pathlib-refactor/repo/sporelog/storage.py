"""Saving batches as text files in a data folder."""

import os

from sporelog.batches import Batch

ARCHIVE = "archive"


def batch_path(root, batch_id):
    return os.path.join(root, batch_id + ".txt")


def save_batch(root, batch):
    """Write `batch` to its file (creating the folder); return the path."""
    if not os.path.isdir(root):
        os.makedirs(root)
    path = batch_path(root, batch.batch_id)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(batch.to_lines()) + "\n")
    return path


def load_batch(root, batch_id):
    path = batch_path(root, batch_id)
    if not os.path.exists(path):
        raise KeyError("unknown batch %s" % batch_id)
    with open(path, encoding="utf-8") as fh:
        return Batch.from_lines(fh.read().splitlines())


def list_batches(root):
    """Ids of the batches in `root` (not archived ones), sorted."""
    if not os.path.isdir(root):
        return []
    ids = []
    for name in os.listdir(root):
        if name.endswith(".txt") and os.path.isfile(os.path.join(root, name)):
            ids.append(os.path.splitext(name)[0])
    return sorted(ids)


def archive_batch(root, batch_id):
    """Move a batch's file into the archive folder; return its new path."""
    src = batch_path(root, batch_id)
    if not os.path.exists(src):
        raise KeyError("unknown batch %s" % batch_id)
    folder = os.path.join(root, ARCHIVE)
    os.makedirs(folder, exist_ok=True)
    dest = os.path.join(folder, os.path.basename(src))
    os.rename(src, dest)
    return dest


def storage_bytes(root):
    """Total size in bytes of the (not archived) batch files."""
    return sum(os.path.getsize(batch_path(root, b)) for b in list_batches(root))
