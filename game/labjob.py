"""A lab run in a background process for the Lab screen: `LabJob` starts it, the screen polls it.

Apart from `game.lab` (the run and its words) because it also draws the report
(`game.labreport`, which reads `game.lab`): the modules depend one way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.lab import LabRequest, headline, key_lines, run_lab


def lab_dir() -> Path:
    """Where the Lab screen writes its reports and content copies (next to the saves folder)."""
    from game import paths

    return paths.data_dir().parent / "lab"


def _job_main(request: LabRequest, folder: str, lang: str, queue: Any, cancel: Any,
              chart_size: tuple[int, int] | None = None) -> None:
    """The background process: run, write the report, send messages to the screen."""
    try:
        def progress(done: int, total: int) -> None:
            queue.put(("progress", done, total))

        doc = run_lab(request, progress, cancel.is_set)
        if doc.get("cancelled"):
            queue.put(("cancelled",))
            return
        from game.i18n import Strings
        from game.labreport import write_report

        strings = Strings(lang)
        path = write_report(doc, folder, strings, screen=chart_size or True)
        queue.put(("done", {"report": str(path), "folder": folder, "headline": {
            lang_: headline(doc, Strings(lang_)) for lang_ in ("fr", "en")},
            "lines": {lang_: key_lines(doc, Strings(lang_)) for lang_ in ("fr", "en")},
            "errors": doc["a"]["errors"] + (doc.get("b") or {}).get("errors", 0)}))
    except Exception as exc:  # shown on the screen, never a traceback
        queue.put(("error", f"{type(exc).__name__}: {exc}"))


class LabJob:
    """A lab run in a separate process: `poll()` returns the messages that arrived (progress,
    done, cancelled, error); `cancel()` asks it to stop; the app never waits for it."""

    def __init__(self, request: LabRequest, folder: str | Path, lang: str,
                 chart_size: tuple[int, int] | None = None) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.queue = context.Queue()
        self.cancel_event = context.Event()
        self.folder = str(folder)
        self.process = context.Process(target=_job_main, name="guildhall-lab",
                                       args=(request, self.folder, lang, self.queue, self.cancel_event,
                                             chart_size))
        self.process.start()
        self.finished = False

    def poll(self) -> list[tuple[Any, ...]]:
        """Messages received since the last call (never blocks)."""
        import queue as queue_module

        out = []
        while True:
            try:
                message = self.queue.get_nowait()
            except queue_module.Empty:
                break
            out.append(message)
            if message[0] in ("done", "cancelled", "error"):
                self.finished = True
        if not self.finished and not self.process.is_alive() and self.process.exitcode not in (None, 0):
            self.finished = True
            out.append(("error", f"exit code {self.process.exitcode}"))
        return out

    def cancel(self) -> None:
        """Ask the run to stop after the games under way."""
        self.cancel_event.set()

    def stop(self) -> None:
        """Stop now (the screen is closing): cancel, then end the process if it does not stop soon."""
        self.cancel_event.set()
        self.process.join(timeout=2.0)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=2.0)
