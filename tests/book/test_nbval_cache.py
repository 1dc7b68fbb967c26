"""The chapters run under nbval (tools/nbval_cache.py): each code cell a test item, and what nbval
executed, widget state and all, is what the book build reads. Tried on notebooks made here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import chapters  # noqa: E402
import nbval_cache  # noqa: E402


def notebook(folder: Path, name: str, *sources: str) -> Path:
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / name
    nbformat.write(book, str(path))
    return path


def test_a_failing_cell_is_named_and_its_chapter_is_not_kept(tmp_path: Path) -> None:
    good = notebook(tmp_path, "good.ipynb", "x = 6 * 7", "print(x)\nx")
    bad = notebook(tmp_path, "bad.ipynb", "y = 1", "assert y == 2, 'y is not 2'", "print('after')")
    executed = tmp_path / "executed"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "nbval_cache", "--nbval-lax",
         "--nbval-current-env", f"--nbval-executed={executed}", "--rootdir", str(tmp_path), str(good), str(bad)],
        cwd=tmp_path, capture_output=True, text=True, env={**chapters.os.environ, "PYTHONPATH": str(ROOT / "tools")},
    )
    assert run.returncode == 1, run.stdout
    assert "FAILED bad.ipynb::Cell 1" in run.stdout and "y is not 2" in run.stdout
    assert "4 passed" in run.stdout  # good's two cells, and bad's first and last
    assert not (executed / nbval_cache.executed_name(bad, tmp_path)).exists()
    kept = nbformat.read(str(executed / nbval_cache.executed_name(good, tmp_path)), as_version=4)
    first, second = kept.cells
    assert (first.execution_count, second.execution_count) == (1, 2)
    assert [output.output_type for output in second.outputs] == ["stream", "execute_result"]
    assert second.outputs[0].text == "42\n" and second.outputs[1].data["text/plain"] == "42"


def test_widget_state_is_kept_as_the_book_needs_it(tmp_path: Path) -> None:
    page = notebook(tmp_path, "board.ipynb", "import ipywidgets\nslider = ipywidgets.IntSlider(value=7)\nslider")
    executed = tmp_path / "executed"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "nbval_cache", "--nbval-lax",
         "--nbval-current-env", f"--nbval-executed={executed}", "--rootdir", str(tmp_path), str(page)],
        cwd=tmp_path, capture_output=True, text=True, env={**chapters.os.environ, "PYTHONPATH": str(ROOT / "tools")},
    )
    assert run.returncode == 0, run.stdout
    kept = nbformat.read(str(executed / nbval_cache.executed_name(page, tmp_path)), as_version=4)
    states = kept.metadata.widgets["application/vnd.jupyter.widget-state+json"]["state"]
    sliders = [state["state"] for state in states.values() if state["model_name"] == "IntSliderModel"]
    assert [slider["value"] for slider in sliders] == [7]
    view = kept.cells[0].outputs[0].data["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] in states


def test_a_kernel_that_dies_as_it_starts_is_started_again_and_its_words_are_kept(monkeypatch, tmp_path: Path) -> None:
    """The first start dies as a kernel whose port was taken would; the second is a real kernel."""
    starts, real_start = [], nbval_cache.start_new_kernel

    def start(**options):
        starts.append(options)
        if len(starts) == 1:
            options["stderr"].write("zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:5555')\n")
            raise RuntimeError("Kernel died before replying to kernel_info")
        return real_start(**options)

    monkeypatch.setattr(nbval_cache, "start_new_kernel", start)
    monkeypatch.setattr(nbval_cache, "RESTARTS", [])
    kernel = nbval_cache.StartedKernel(nbval_cache.nbval.plugin.CURRENT_ENV_KERNEL_NAME, cwd=str(tmp_path))
    try:
        assert len(starts) == 2 and kernel.km.is_alive()
        [restart] = nbval_cache.RESTARTS
        assert "started again (2 of 3)" in restart and "Address already in use" in restart
    finally:
        kernel.stop()


def test_a_kernel_that_never_starts_fails_with_what_it_said(monkeypatch, tmp_path: Path) -> None:
    def start(**options):
        options["stderr"].write("ImportError: no module named ipykernel_launcher\n")
        raise RuntimeError("Kernel died before replying to kernel_info")

    monkeypatch.setattr(nbval_cache, "start_new_kernel", start)
    monkeypatch.setattr(nbval_cache, "RESTARTS", [])
    try:
        nbval_cache.StartedKernel("python3", cwd=str(tmp_path))
    except RuntimeError as error:
        assert "3 times" in str(error) and "no module named ipykernel_launcher" in str(error)
    else:
        raise AssertionError("a kernel that never starts was taken as started")
    assert len(nbval_cache.RESTARTS) == 2
