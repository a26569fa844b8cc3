import os
import tempfile
import unittest

from sporelog.batches import Batch
from sporelog.storage import archive_batch, list_batches, load_batch, save_batch, storage_bytes

B1 = Batch("OY-07", "blue oyster", 2.5, "2026-03-02", [820, 540])
B2 = Batch("LM-01", "lion's mane", 1.5, "2026-04-10")


class StorageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = os.path.join(self.tmp.name, "data")

    def tearDown(self):
        self.tmp.cleanup()

    def test_save_and_load(self):
        path = save_batch(self.root, B1)
        self.assertTrue(os.path.isfile(path))
        self.assertEqual(load_batch(self.root, "OY-07"), B1)
        with self.assertRaises(KeyError):
            load_batch(self.root, "nope")

    def test_list_and_archive(self):
        self.assertEqual(list_batches(self.root), [])
        save_batch(self.root, B1)
        save_batch(self.root, B2)
        self.assertEqual(list_batches(self.root), ["LM-01", "OY-07"])
        dest = archive_batch(self.root, "OY-07")
        self.assertTrue(os.path.isfile(dest))
        self.assertEqual(list_batches(self.root), ["LM-01"])
        self.assertGreater(storage_bytes(self.root), 0)


if __name__ == "__main__":
    unittest.main()
