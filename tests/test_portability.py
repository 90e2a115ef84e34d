"""The app's code must run on Windows and macOS too, which CI cannot try: this test reads every
module of the app (main.py, game/, rules/, scenes/, sprites/) and fails on what only works on
POSIX systems, or only on this machine:

- modules Windows lacks (pwd, grp, fcntl, termios, tty, pty, resource, posix, crypt, curses,
  readline, syslog) unless imported in a `try:` that catches ImportError;
- os and signal calls and constants POSIX alone has (os.fork, os.getuid, os.uname, os.killpg,
  signal.SIGKILL, signal.alarm, time.tzset, ...);
- a shell: `shell=True`, os.system, os.popen, os.spawn*p*, or a shell tool run by name (rm, cp, sh...);
- absolute POSIX paths written in the code ('/tmp', '/home/...', '/usr/...', '/dev/null'...):
  platformdirs, tempfile and os.devnull know the right place on each OS;
- text files opened without `encoding=` (Windows would use its ANSI code page: French accents break).

A line that is portable for a reason the test cannot see (a branch for one OS) says so with a
trailing `# portable: <why>` comment.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_CODE = [ROOT / "main.py", *sorted(p for d in ("game", "rules", "scenes", "sprites")
                                      for p in (ROOT / d).rglob("*.py"))]

POSIX_MODULES = {"pwd", "grp", "fcntl", "termios", "tty", "pty", "resource", "posix", "crypt",
                 "curses", "readline", "syslog", "spwd", "nis"}
POSIX_ATTRIBUTES = {
    "os": {"fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "setuid", "setgid", "setsid",
           "setpgrp", "getpgid", "setpgid", "killpg", "chown", "lchown", "fchown", "mkfifo", "mknod",
           "uname", "getloadavg", "sysconf", "statvfs", "nice", "wait3", "wait4", "WNOHANG",
           "O_NONBLOCK", "ttyname", "openpty", "getgroups", "sync", "pathconf"},
    "signal": {"SIGKILL", "SIGHUP", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGQUIT", "SIGSTOP",
               "SIGCONT", "SIGPIPE", "SIGTSTP", "alarm", "setitimer", "getitimer", "pause",
               "siginterrupt", "pthread_kill", "sigwait"},
    "time": {"tzset"},
}
SHELL_CALLS = {("os", "system"), ("os", "popen"), ("os", "spawnlp"), ("os", "spawnvp"),
               ("os", "spawnlpe"), ("os", "spawnvpe"), ("os", "execlp"), ("os", "execvp")}
SHELL_TOOLS = {"sh", "bash", "rm", "cp", "mv", "ls", "cat", "mkdir", "chmod", "kill", "which",
               "find", "grep", "sed", "tar", "env", "true", "test"}
POSIX_PATHS = ("/tmp", "/home/", "/usr/", "/etc/", "/var/", "/dev/", "/proc/", "/opt/", "/root/")
TEXT_FILE_METHODS = {"read_text", "write_text"}


def _ok(source_lines: list[str], node: ast.AST) -> bool:
    return "# portable:" in source_lines[node.lineno - 1]


def _guarded_imports(tree: ast.AST) -> set[int]:
    """Line numbers of imports inside a `try:` whose handlers catch ImportError."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            names = {getattr(h.type, "id", None) for h in node.handlers} | {
                getattr(e, "id", None) for h in node.handlers if isinstance(h.type, ast.Tuple) for e in h.type.elts}
            if names & {"ImportError", "ModuleNotFoundError", "Exception"}:
                lines |= {n.lineno for stmt in node.body for n in ast.walk(stmt)
                          if isinstance(n, (ast.Import, ast.ImportFrom))}
    return lines


def _mode_is_binary(call: ast.Call, position: int) -> bool:
    mode = next((k.value for k in call.keywords if k.arg == "mode"), None)
    if mode is None and len(call.args) > position:
        mode = call.args[position]
    return isinstance(mode, ast.Constant) and isinstance(mode.value, str) and "b" in mode.value


def problems_in(path: Path) -> list[str]:
    """Every non-portable construct of one file, as `file:line: what`."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text, str(path))
    guarded = _guarded_imports(tree)
    found = []

    def report(node: ast.AST, what: str) -> None:
        if not _ok(lines, node):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and node.lineno not in guarded:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for name in names:
                if name.split(".")[0] in POSIX_MODULES:
                    report(node, f"imports the POSIX-only module {name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.attr in POSIX_ATTRIBUTES.get(node.value.id, ()):
                report(node, f"uses {node.value.id}.{node.attr}, which Windows lacks")
            if (node.value.id, node.attr) in SHELL_CALLS:
                report(node, f"runs a shell through {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Call):
            _check_call(node, report)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.startswith(POSIX_PATHS) or node.value == "/tmp":
                report(node, f"hard-codes the POSIX path {node.value!r}")
    return found


def _check_call(call: ast.Call, report) -> None:
    for kw in call.keywords:
        if kw.arg == "shell" and not (isinstance(kw.value, ast.Constant) and kw.value.value is False):
            report(call, "runs a shell (shell=True)")
    first = call.args[0] if call.args else None
    if isinstance(first, ast.List) and first.elts and isinstance(first.elts[0], ast.Constant):
        func = call.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "subprocess":
            if first.elts[0].value in SHELL_TOOLS:
                report(call, f"runs the shell tool {first.elts[0].value!r}")
    has_encoding = any(k.arg == "encoding" for k in call.keywords)
    func = call.func
    if isinstance(func, ast.Name) and func.id == "open" and not has_encoding and not _mode_is_binary(call, 1):
        report(call, "opens a text file without encoding=")
    elif isinstance(func, ast.Attribute) and not has_encoding:
        if func.attr in TEXT_FILE_METHODS:
            report(call, f"{func.attr}() without encoding=")
        elif func.attr == "open" and _is_path(func.value) and not _mode_is_binary(call, 0):
            report(call, "opens a text file without encoding=")


def _is_path(node: ast.AST) -> bool:
    """`Path(...)`, or a variable whose name says it is a file's path."""
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "Path"
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name in ("path", "file", "target", "dest", "source", "out", "tmp") or name.endswith(("_path", "_file"))


@pytest.mark.parametrize("path", APP_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_app_code_is_portable(path):
    assert problems_in(path) == []


def test_the_checker_catches_what_it_is_for(tmp_path):
    bad = ROOT / "game" / "_portability_sample.py"
    sample = '''
import os, signal, subprocess
import fcntl
try:
    import resource
except ImportError:
    resource = None
os.kill(os.getpid(), signal.SIGKILL)
pid = os.fork()
subprocess.run("ls", shell=True)
subprocess.run(["rm", "-rf", "x"])
open("/tmp/x.txt", "w")
open("data.bin", "rb")
Path("a").read_text()
Path("a").open("w")
Path("a").write_text("é", encoding="utf-8")
os.getuid()  # portable: a test of the waiver
'''
    bad.write_text(sample, encoding="utf-8")
    try:
        found = [p.split(": ", 1)[1] for p in problems_in(bad)]
    finally:
        bad.unlink()
    assert set(found) == {"imports the POSIX-only module fcntl", "uses signal.SIGKILL, which Windows lacks",
                          "uses os.fork, which Windows lacks", "runs a shell (shell=True)",
                          "runs the shell tool 'rm'", "hard-codes the POSIX path '/tmp/x.txt'",
                          "opens a text file without encoding=", "read_text() without encoding="}
    assert len(found) == 9  # open("/tmp/x.txt", "w") and Path("a").open("w"); nothing for the rest
