"""Bounded JSON reading (referee/jsontext.py): depth counted before parsing, lone surrogates refused."""

import pytest

from referee import jsontext


@pytest.mark.parametrize("text, depth", [("1", 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4),
                                         ('"[[[[{{"', 0), ('{"a": "\\"[[["}', 1), ("[" * 20000 + "]" * 20000, 20000)])
def test_depth_is_counted_outside_strings(text, depth):
    assert jsontext.nesting_depth(text) == depth


def test_reads_what_is_within_bounds_and_refuses_the_rest_in_words():
    assert jsontext.loads('{"a": [1, 2]}') == {"a": [1, 2]}
    assert jsontext.loads("[" * 32 + "]" * 32)
    with pytest.raises(jsontext.JsonTextError, match="nested 33 levels deep"):
        jsontext.loads("[" * 33 + "]" * 33)
    with pytest.raises(jsontext.JsonTextError, match="nested 20000 levels deep"):
        jsontext.loads("[" * 20000 + "]" * 20000)
    with pytest.raises(jsontext.JsonTextError, match="not valid JSON"):
        jsontext.loads('{"a": ')
    with pytest.raises(jsontext.JsonTextError, match=r"lone surrogate \(\\ud800\)"):
        jsontext.loads('{"name": ["ok", "\\ud800"]}')
    with pytest.raises(jsontext.JsonTextError, match="lone surrogate"):
        jsontext.loads('{"\\udfff": 1}')
    assert jsontext.loads('"\\ud83d\\ude00"') == "😀"          # a pair is a character
