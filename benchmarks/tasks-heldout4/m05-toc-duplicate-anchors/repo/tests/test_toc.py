import unittest

from mdtoc import build_toc

DOC = """# Guide

## Install

```bash
# not a heading
```

## Usage

### Options
"""

DUPES = """# Tool

## Setup
### Linux
## Usage
### Linux
## Setup
"""


class TocTests(unittest.TestCase):
    def test_nesting_and_fences(self):
        self.assertEqual(build_toc(DOC), [
            "- [Guide](#guide)",
            "  - [Install](#install)",
            "  - [Usage](#usage)",
            "    - [Options](#options)",
        ])

    def test_max_level(self):
        self.assertEqual(len(build_toc(DOC, max_level=2)), 3)

    def test_duplicate_headings_get_numbered_anchors(self):
        self.assertEqual(build_toc(DUPES), [
            "- [Tool](#tool)",
            "  - [Setup](#setup)",
            "    - [Linux](#linux)",
            "  - [Usage](#usage)",
            "    - [Linux](#linux-1)",
            "  - [Setup](#setup-1)",
        ])


if __name__ == "__main__":
    unittest.main()
