"""The notebooks run from top to bottom (issue 3: the quickstart is executed by ``make test``)."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_is_a_quickstart():
    assert any(nb.name == "quickstart.ipynb" for nb in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path, tmp_path):
    notebook = nbformat.read(path, as_version=4)
    # Run in a scratch directory so that files the notebook writes (plots, CSV) stay out of the tree.
    scratch = {"metadata": {"path": str(tmp_path)}}
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", resources=scratch)
    client.execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    assert any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
