"""Real redis-servers for the tests, on free loopback ports, stopped afterwards: one
server (`redis_server`), or a Redis Cluster of three masters (`redis_cluster`).

Used by tests/conftest.py (one of each per test session) and the benches.
"""

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

START_TIMEOUT = 10.0  # seconds until the server must answer PING
ATTEMPTS = 3  # another free port if the chosen one was taken before the server bound it


def free_port(bus: bool = False) -> int:
    """A free loopback port; with `bus`, one a cluster node can use: its bus port (10,000
    higher) must be free and ≤ 65535 too, or redis-server exits — about one ephemeral port
    in five here (32768–60999) is above 55535, which made the session's cluster fail to
    start in ~2 % of runs after three attempts per node."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if not bus:
            return port
        if port <= 55535:
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port + 10000))
                except OSError:
                    continue
            return port


def answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _tail(log: Path) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-15:])
    except OSError:
        return "(no log)"


@contextlib.contextmanager
def redis_server(*extra: str) -> Iterator[str]:
    """Start Debian's redis-server; yield its URL. Raises FileNotFoundError if absent,
    RuntimeError (with the server's log) if it does not answer PING in time. `extra`
    arguments go to the server (`--cluster-enabled yes`)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise FileNotFoundError("redis-server")
    with tempfile.TemporaryDirectory(prefix="stammtisch-redis-") as folder:
        for attempt in range(1, ATTEMPTS + 1):
            port = free_port(bus="--cluster-enabled" in extra)
            log = Path(folder) / f"redis-{port}.log"
            proc = subprocess.Popen(
                # Loopback only, nothing written to disk but the log.
                [
                    *(binary, "--port", str(port), "--bind", "127.0.0.1"),
                    *("--save", "", "--appendonly", "no", "--protected-mode", "yes"),
                    *("--dir", folder, "--logfile", str(log)),
                    *extra,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.STDOUT,
            )
            try:
                deadline = time.monotonic() + START_TIMEOUT
                while not answers_ping(port):
                    if proc.poll() is not None or time.monotonic() > deadline:
                        break
                    time.sleep(0.02)
                else:
                    yield f"redis://127.0.0.1:{port}/0"
                    return
                exited = proc.poll() is not None
            finally:
                _stop(proc)
            if not exited or attempt == ATTEMPTS:
                how = f"exited with {proc.returncode}" if exited else "did not answer PING"
                raise RuntimeError(
                    f"redis-server on 127.0.0.1:{port} {how} within {START_TIMEOUT:.0f} s "
                    f"(attempt {attempt}); its log:\n{_tail(log)}"
                )


CLUSTER_MASTERS = 3


@contextlib.contextmanager
def redis_cluster(masters: int = CLUSTER_MASTERS) -> Iterator[str]:
    """A Redis Cluster of `masters` masters (no replicas) on loopback, made with
    `redis-cli --cluster create`; yields the URL of one node (a cluster client finds the
    others). Raises FileNotFoundError without redis-server or redis-cli."""
    cli = shutil.which("redis-cli")
    if cli is None:
        raise FileNotFoundError("redis-cli")
    with contextlib.ExitStack() as stack:
        urls = [
            stack.enter_context(
                redis_server("--cluster-enabled", "yes", "--cluster-node-timeout", "5000")
            )
            for _ in range(masters)
        ]
        nodes = [u.removeprefix("redis://").removesuffix("/0") for u in urls]
        done = subprocess.run(
            [cli, "--cluster", "create", *nodes, "--cluster-replicas", "0", "--cluster-yes"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed:\n{done.stdout}{done.stderr}")
        host, port = nodes[0].split(":")
        deadline = time.monotonic() + START_TIMEOUT
        while not _cluster_ok(cli, host, port):
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster did not reach cluster_state:ok")
            time.sleep(0.05)
        yield f"redis://{nodes[0]}"


def _cluster_ok(cli: str, host: str, port: str) -> bool:
    info = subprocess.run(
        [cli, "-h", host, "-p", port, "cluster", "info"], capture_output=True, text=True
    ).stdout
    return "cluster_state:ok" in info
