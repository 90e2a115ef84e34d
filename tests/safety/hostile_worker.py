"""Run by tests/safety/test_hostile_content.py in a subprocess with memory and CPU limits:
load one game's content from a folder and print the problems as JSON (a crash cannot reach pytest)."""

import json
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> None:
    game, folder, loader = sys.argv[1], sys.argv[2], sys.argv[3]
    limit = 1024 * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
    import yaml

    from game import content

    if loader == "pure":
        content._Loader = yaml.SafeLoader
    start = time.process_time()
    try:
        content.load(game, folder)
        problems = []
    except content.ContentError as exc:
        problems = [[p.file, p.line, p.column, p.path, p.entry["key"] if p.entry else p.message]
                    for p in exc.problems]
    used = time.process_time() - start
    from game.bench import peak_rss_mb

    peak_mb = peak_rss_mb()  # VmHWM: ru_maxrss would report a big parent pytest's peak across exec
    print(json.dumps({"problems": problems, "cpu_s": used, "peak_mb": peak_mb}))


if __name__ == "__main__":
    main()
