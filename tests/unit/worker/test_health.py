"""The worker's probes (deploy/production/worker.yaml): `/healthz` while the process runs, `/readyz` only while
Temporal answers."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from deploy.stack import free_port
from worker.main import health_server


def _client(healthy: bool):
    async def check_health() -> bool:
        if not healthy:
            raise ConnectionError("temporal is down")
        return True

    return SimpleNamespace(service_client=SimpleNamespace(check_health=check_health))


async def _get(port: int, path: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    answer = (await reader.read()).decode()
    writer.close()
    return answer.split("\r\n", 1)[0]


async def _serve(healthy: bool) -> tuple[asyncio.Server, int]:
    server = await health_server(_client(healthy), 0)  # type: ignore[arg-type]
    assert server is None  # port 0: no probes
    server = await health_server(_client(healthy), free_port())  # type: ignore[arg-type]
    assert server is not None
    return server, server.sockets[0].getsockname()[1]


async def test_ready_while_temporal_answers():
    server, port = await _serve(True)
    try:
        assert await _get(port, "/healthz") == "HTTP/1.0 200 OK"
        assert await _get(port, "/readyz") == "HTTP/1.0 200 OK"
        assert await _get(port, "/other") == "HTTP/1.0 404 Not Found"
    finally:
        server.close()


async def test_alive_but_not_ready_when_temporal_is_down():
    server, port = await _serve(False)
    try:
        assert await _get(port, "/healthz") == "HTTP/1.0 200 OK"
        assert await _get(port, "/readyz") == "HTTP/1.0 503 Service Unavailable"
    finally:
        server.close()
