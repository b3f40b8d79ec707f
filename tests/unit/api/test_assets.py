"""The web app's built assets: gzipped for a browser that takes gzip (the same bytes once unpacked), kept for a year
by the browser (their names carry their hash), and a file that does not exist is a plain 404."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.web import IMMUTABLE, Assets

SCRIPT = b"export const hello = () => 'hello, buyer';\n" * 400


def _client(tmp_path: Path) -> TestClient:
    (tmp_path / "index-abc123.js").write_bytes(SCRIPT)
    (tmp_path / "logo-abc123.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    app = FastAPI()
    app.mount("/assets", Assets(tmp_path), name="assets")
    return TestClient(app)


def test_a_script_is_gzipped_for_a_browser_that_takes_gzip_and_kept_for_a_year(tmp_path):
    c = _client(tmp_path)
    r = c.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert r.status_code == 200
    assert r.headers["content-encoding"] == "gzip"
    assert r.headers["cache-control"] == IMMUTABLE
    assert r.headers["vary"] == "Accept-Encoding"
    assert r.headers["content-type"].startswith("text/javascript")
    assert int(r.headers["content-length"]) < len(SCRIPT) // 4
    assert r.content == SCRIPT  # httpx unpacks it: the same bytes
    again = c.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    assert again.content == SCRIPT and again.headers["etag"] == r.headers["etag"]


def test_a_browser_without_gzip_gets_the_file_as_it_is(tmp_path):
    r = _client(tmp_path).get("/assets/index-abc123.js", headers={"Accept-Encoding": "identity"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    assert r.content == SCRIPT and r.headers["cache-control"] == IMMUTABLE


def test_a_picture_is_not_packed_again_and_a_missing_file_is_404(tmp_path):
    c = _client(tmp_path)
    r = c.get("/assets/logo-abc123.png", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and "content-encoding" not in r.headers
    assert r.headers["cache-control"] == IMMUTABLE
    missing = c.get("/assets/nothing-here.js", headers={"Accept-Encoding": "gzip"})
    assert missing.status_code == 404 and "cache-control" not in missing.headers
