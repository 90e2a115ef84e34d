"""Freed window-sized layers go back to the system. glibc's mmap threshold grows after each big
free, so without `release_freed_surfaces` the layers of a closed table were later carved out of a
heap that never shrinks: the bench's peak_rss_mb grew ~8 MB for each game opened and closed."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LAYERS = """
import sys
import pygame
from game.app import release_freed_surfaces

def rss():
    with open('/proc/self/status') as status:
        for line in status:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024

tuned = release_freed_surfaces() if sys.argv[1] == "tuned" else None
before = rss()
for _ in range(3):  # a table's layers made and dropped, as when tables open and close
    layer = pygame.Surface((1280, 800), pygame.SRCALPHA)
    layer.fill((1, 2, 3, 4))
    del layer
print(tuned, rss() - before)
"""


def _kept_mb(mode: str) -> tuple[str, float]:
    done = subprocess.run([sys.executable, "-c", LAYERS, mode], cwd=ROOT, check=True, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    tuned, kept = done.stdout.split()[-2:]
    return tuned, float(kept)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; the tuning is glibc's")
def test_dropped_layers_are_returned_to_the_system():
    tuned, kept = _kept_mb("tuned")
    if tuned != "True":
        pytest.skip("not glibc: no mallopt to tune")
    assert kept < 1.5, f"{kept:.1f} MB of dropped 4 MB layers still resident"


def test_the_first_frame_applies_it(monkeypatch):
    import game.app as app_module
    from game.screens import headless_app

    calls = []
    monkeypatch.setattr(app_module, "release_freed_surfaces", lambda: calls.append(1) or True)
    app = headless_app((640, 480))
    app.start()
    app.render()
    app.render()
    assert calls == [1]


def test_a_content_load_keeps_no_yaml_node():
    """Loading content (as F5 does) leaves none of the composed YAML nodes alive: PyYAML's
    constructor remembers every node it built, and a constructor shared by every load kept them
    all (about 7,600 objects more per Gorges load, each walked by every full garbage collection)."""
    import gc

    import yaml

    from game.content import load

    def nodes() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, yaml.Node))

    load("gorges")
    before = nodes()
    for _ in range(2):
        assert load("gorges") is not None
    assert nodes() == before
