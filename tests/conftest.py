"""Every test runs headless and with its own GUILDHALL_HOME, so none touches the real user folders."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("GUILDHALL_HOME", str(tmp_path_factory.mktemp("home")))
