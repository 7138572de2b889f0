"""The README's "Using it with other libraries" snippets run as written."""

import re
import warnings
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SNIPPET = re.compile(r"```python\n(.*?)```", re.S)  # a Python snippet of the README


def interop_snippets() -> list[str]:
    text = README.read_text()
    section = text[text.index("## Using it with other libraries") : text.index("## Layout")]
    return SNIPPET.findall(section)


def test_the_section_has_its_snippets():
    assert len(interop_snippets()) == 6


@pytest.mark.parametrize("index", range(6))
def test_snippet_runs(index, capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(interop_snippets()[index], f"README snippet {index}", "exec"), {})
