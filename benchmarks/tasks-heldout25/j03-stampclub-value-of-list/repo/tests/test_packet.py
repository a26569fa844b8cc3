import os
import unittest

from stamps.packet import read_packet

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class PacketTests(unittest.TestCase):
    def test_reads_packet(self):
        rows = read_packet(os.path.join(HERE, "packet.csv"))
        self.assertEqual(rows[0], ("GB43", "used"))
        self.assertEqual(len(rows), 5)


if __name__ == "__main__":
    unittest.main()
