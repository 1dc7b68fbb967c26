"""A pytest plugin for nbval runs of the book's chapters: what nbval executed is what the book shows.

nbval runs each chapter in a kernel, one test item per code cell, so a failure names the chapter
and the cell. This plugin listens to the kernel messages nbval reads and lets nbclient (the
executor jupyter-cache itself uses) write them into a copy of the notebook, widget state included.
When every cell of a chapter passed, the executed copy is written to the folder given by
`--nbval-executed`, as `executed_name(path)`; tools/chapters.py puts it into the jupyter-cache
the book build reads. So each chapter runs once: as a test, and for its page.

    python -m pytest --nbval-lax --nbval-current-env -p nbval_cache --nbval-executed DIR book/x.ipynb

It also starts a chapter's kernel again when the kernel dies before it answers (`StartedKernel`).
"""

from __future__ import annotations

import copy
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete
import nbval.plugin
from nbval.kernel import RunningKernel, start_new_kernel
from nbval.plugin import IPyNbCell, IPyNbFile


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--nbval-executed", default=None, help="write each chapter that passes, executed, into this folder")


def executed_name(path: Path, root: Path) -> str:
    """The file name of a chapter's executed copy: its path below the root, flattened."""
    return "__".join(path.resolve().relative_to(root.resolve()).parts)


class StartedKernel(RunningKernel):
    """nbval's kernel, started up to `STARTS` times when it dies before it answers.

    A kernel's ports are chosen free, closed, then bound again by the kernel; a process beside it
    (another chapter's run, a test's server) can take one between the two, and the kernel exits
    ("Kernel died before replying to kernel_info"; jupyter_client issue 154). A chapter run on CI
    failed so, in none of its cells. nbval sends the kernel's own error to /dev/null: here it is
    kept, reported for a start that is tried again, and given in the error of the last.
    """

    STARTS = 3

    def __init__(self, kernel_name: str, cwd: str | None = None, startup_timeout: int = 60):
        for start in range(1, self.STARTS + 1):
            self.stderr = tempfile.TemporaryFile("w+", encoding="utf-8")  # the kernel's, as long as it runs
            try:
                self.km, self.kc = start_new_kernel(startup_timeout=startup_timeout, kernel_name=kernel_name,
                                                    stderr=self.stderr, cwd=cwd)
                break
            except RuntimeError as error:
                self.stderr.seek(0)
                said = self.stderr.read().strip() or "(nothing)"
                self.stderr.close()
                if start == self.STARTS:
                    raise RuntimeError(f"{error}, {self.STARTS} times; the last kernel said:\n{said}") from error
                RESTARTS.append(f"the kernel in {cwd} died as it started ({error}) and was started again "
                                f"({start + 1} of {self.STARTS}); it said: {said}")
        self._ensure_iopub_up()

    def stop(self) -> None:
        super().stop()
        self.stderr.close()


#: What each start tried again was told, for the end of the run (a setup's output is shown only when it fails).
RESTARTS: list[str] = []
nbval.plugin.RunningKernel = StartedKernel  # the name nbval's IPyNbFile.setup starts its kernel by


class Recorder:
    """One chapter's executed copy, filled from the kernel messages of the cell that runs."""

    def __init__(self, file: IPyNbFile):
        self.notebook = copy.deepcopy(file.nb)
        for cell in self.notebook.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        self.client = NotebookClient(self.notebook, record_timing=False)
        self.client.reset_execution_trackers()
        self.index: int | None = None
        self.msg_id: str | None = None
        self.count = 0
        self.failed = False
        self.started = self.finished = time.perf_counter()
        kernel = file.kernel
        execute, listen = kernel.execute_cell_input, file.get_kernel_message

        def execute_cell_input(source: str, allow_stdin: Any = None) -> str:
            self.msg_id = execute(source, allow_stdin=allow_stdin)
            return self.msg_id

        def get_kernel_message(timeout: float | None = None, stream: str = "iopub") -> dict[str, Any]:
            message = listen(timeout=timeout, stream=stream)
            if self.index is not None and message["parent_header"].get("msg_id") == self.msg_id:
                try:
                    self.client.process_message(message, self.notebook.cells[self.index], self.index)
                except CellExecutionComplete:
                    pass
            return message

        kernel.execute_cell_input = execute_cell_input
        file.get_kernel_message = get_kernel_message

    def begin(self, index: int) -> None:
        self.index = index
        self.client.clear_before_next_output = False  # as nbclient's own execution of a cell begins

    def end(self) -> None:
        """Number the cell as a notebook run top to bottom would (nbval runs cells off the history)."""
        self.count += 1
        cell = self.notebook.cells[self.index]
        cell.execution_count = self.count
        for output in cell.outputs:
            if output.output_type == "execute_result":
                output.execution_count = self.count
        self.finished = time.perf_counter()

    def executed(self) -> Any:
        self.client.set_widgets_metadata()
        return self.notebook


_RECORDERS: dict[IPyNbFile, Recorder] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    recorder = None
    if isinstance(item, IPyNbCell) and item.config.getoption("nbval_executed"):
        file = item.parent
        recorder = _RECORDERS.get(file) or _RECORDERS.setdefault(file, Recorder(file))
        recorder.begin(next(i for i, cell in enumerate(file.nb.cells) if cell is item.cell))
    yield
    if recorder is not None:
        recorder.end()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.failed:
        for file, recorder in _RECORDERS.items():
            if report.nodeid.split("::")[0] == file.nodeid:
                recorder.failed = True


def pytest_sessionfinish(session: pytest.Session) -> None:
    folder = session.config.getoption("nbval_executed")
    if not folder:
        return
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for file, recorder in _RECORDERS.items():
        if recorder.failed:
            continue
        name = executed_name(Path(str(file.fspath)), Path(str(session.config.rootpath)))
        nbformat.write(recorder.executed(), str(folder / name))
        seconds = recorder.finished - recorder.started
        (folder / (name + ".json")).write_text(json.dumps({"execution_seconds": round(seconds, 2)}))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for restart in RESTARTS:
        for line in restart.splitlines():
            terminalreporter.write_line(f"nbval_cache: {line}")
