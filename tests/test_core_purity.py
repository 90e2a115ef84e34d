"""rules/ stays pure: no pygame, no clock, no module-level random, no unsafe loading."""

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"
CLOCK = {("time", "time"), ("time", "monotonic"), ("time", "perf_counter"), ("time", "sleep"),
         ("time", "process_time"), ("datetime", "now"), ("datetime", "today"), ("date", "today"),
         ("datetime", "utcnow")}
RANDOM_FUNCS = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                "uniform", "seed", "gauss", "getrandbits", "triangular", "betavariate"}


def _sources():
    files = sorted(RULES.rglob("*.py"))
    assert files, "no rules sources found"
    return [(f, ast.parse(f.read_text(encoding="utf-8"), str(f))) for f in files]


def _problems(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in ("pygame", "pygame_gui", "time", "pickle"):
                    yield f"imports {alias.name}"
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if top in ("pygame", "pygame_gui", "time", "pickle"):
                yield f"imports from {node.module}"
            if node.module == "random" and any(a.name != "Random" for a in node.names):
                yield "imports a module-level random function"
            if node.module == "datetime":
                yield "imports datetime"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name):
                if owner.id == "random" and node.func.attr in RANDOM_FUNCS:
                    yield f"calls random.{node.func.attr}()"
                if (owner.id, node.func.attr) in CLOCK:
                    yield f"reads the clock: {owner.id}.{node.func.attr}()"
                if owner.id == "yaml" and node.func.attr in ("load", "unsafe_load", "full_load"):
                    yield f"calls yaml.{node.func.attr}()"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
            yield f"calls {node.func.id}()"


def test_rules_are_pure():
    found = [f"{path.relative_to(RULES.parent)}:{problem}" for path, tree in _sources()
             for problem in _problems(tree)]
    assert not found, "\n".join(found)


def test_the_walker_catches_each_kind_of_impurity():
    bad = ast.parse("import pygame\nimport random\nrandom.shuffle(x)\nfrom time import time\n"
                    "import time\ntime.monotonic()\neval('1')\nfrom random import choice\n")
    found = list(_problems(bad))
    for word in ("pygame", "random.shuffle", "from time", "time.monotonic", "eval", "module-level"):
        assert any(word in p for p in found), word
