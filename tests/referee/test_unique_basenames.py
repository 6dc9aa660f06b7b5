"""Every test module has its own file name: the suite runs without packages for its folders, so two
`test_x.py` in two folders stop the whole collection on a clean checkout."""

from collections import Counter
from pathlib import Path


def test_no_two_test_modules_share_a_file_name():
    names = Counter(p.name for p in Path(__file__).parents[1].rglob("test_*.py"))
    assert [n for n, count in names.items() if count > 1] == []
