"""The README's "Using it with other libraries" snippets run as written."""

import importlib.util
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


# libraries of the ``test`` extra that an older environment may lack: their snippets are skipped there
OPTIONAL = ("torchrl",)


def missing_libraries(snippet: str) -> list[str]:
    """The ``OPTIONAL`` libraries ``snippet`` imports that are not installed here."""
    return [
        name
        for name in OPTIONAL
        if re.search(rf"^(from|import) {name}\b", snippet, re.M) and importlib.util.find_spec(name) is None
    ]


def test_the_section_has_its_snippets():
    assert len(interop_snippets()) == 7


@pytest.mark.parametrize("index", range(7))
def test_snippet_runs(index, capsys):
    missing = missing_libraries(interop_snippets()[index])
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (the test extra has it)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(interop_snippets()[index], f"README snippet {index}", "exec"), {})
