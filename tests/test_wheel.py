"""The built wheel serves (docs/operating.md, "Installing"): ``pip install`` of the wheel into a
fresh virtual environment gives a ``sagrada serve`` with its pages, their modules, the message
catalogues and the rules help, none of them read from this checkout.

The wheel is built without the network (hatchling from the test environment, no build
isolation) and installed without its dependencies; the fresh environment borrows them from
the test environment's ``site-packages`` through a ``.pth`` file. That file only adds the
folder to the module path (its own ``.pth`` files, this checkout's editable install among
them, are not read), so ``sagrada`` is the wheel's: the test checks that too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import time
import venv
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from notify_servers import free_port

#: The checkout's root, whose ``pyproject.toml`` the wheel is built from.
ROOT = Path(__file__).resolve().parent.parent
#: Seconds the installed server has to answer its health check.
PATIENCE = 20.0


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel built from this checkout installed in it,
    and the test environment's packages borrowed; return its folder."""
    work = tmp_path_factory.mktemp("wheel")
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    subprocess.run([*build, "--quiet", "-w", str(work / "dist"), str(ROOT)], check=True)
    (wheel,) = (work / "dist").glob("sagrada-*.whl")
    env = work / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run([*install, "--no-deps", "--no-index", str(wheel)], check=True)
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return env


@pytest.fixture(scope="module")
def server(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``sagrada serve`` of the fresh environment, started outside this checkout on a new
    SQLite file; return its address."""
    work = tmp_path_factory.mktemp("served")
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    port = free_port()
    command = [str(installed / "bin" / "sagrada"), "serve", "--port", str(port)]
    command += ["--db", f"sqlite:///{work / 'served.db'}"]
    process = subprocess.Popen(
        command, cwd=work, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + PATIENCE
        while not _answers(url):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the installed server did not start: {_stderr(process)}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def _answers(url: str) -> bool:
    try:
        return httpx.get(url + "/api/health", timeout=1).status_code == 200
    except httpx.TransportError:
        return False


def _stderr(process: subprocess.Popen[bytes]) -> str:
    assert process.stderr is not None
    return process.stderr.read().decode(errors="replace")[-2000:]


def test_the_wheel_is_what_the_fresh_environment_imports(installed: Path) -> None:
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import sagrada; print(sagrada.__file__)"],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        cwd=installed,
    ).stdout.strip()
    assert Path(where).is_relative_to(installed)


def test_the_installed_server_serves_its_pages_catalogues_and_help(server: str) -> None:
    with httpx.Client(base_url=server, timeout=10) as client:
        assert client.get("/api/health").json() == {"status": "ok"}
        lobby = client.get("/")
        assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
        modules = re.findall(r'src="(/static/[^"]+\.js)"', lobby.text)
        assert modules, "the lobby names no module"
        for module in modules:
            answer = client.get(module)
            assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
        english = client.get("/api/messages", params={"language": "en"}).json()
        german = client.get("/api/messages", params={"language": "de"}).json()
        assert german["language"] == "de"
        # The German catalogue (its compiled .mo): every message, each in other words.
        assert german["messages"].keys() == english["messages"].keys()
        assert german["messages"] != english["messages"]
        help_de = client.get("/api/rules", params={"language": "de"})
        assert help_de.status_code == 200 and help_de.json()
        assert client.get("/metrics").status_code == 200
