"""A local SMTP catcher: accepts every mail on an SMTP port and shows them in the browser.

`GET /` lists the mails, `GET /messages/{id}` shows one, `GET /api/messages` answers JSON (the tests read
mails from there). With ``--store`` the mails survive a restart (one JSON line each).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import html
import json
import re
from datetime import UTC, datetime
from email import message_from_bytes, policy
from pathlib import Path

from aiohttp import web
from aiosmtpd.controller import Controller

MESSAGES: list[dict] = []
STORE: Path | None = None


class Handler:
    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        msg = message_from_bytes(envelope.content, policy=policy.default)
        body = msg.get_body(preferencelist=("plain", "html"))
        item = {
            "id": len(MESSAGES) + 1,
            "from": envelope.mail_from,
            "to": list(envelope.rcpt_tos),
            "subject": str(msg.get("Subject", "")),
            "body": body.get_content() if body else "",
            "headers": {k: str(v) for k, v in msg.items()},
            "raw": base64.b64encode(envelope.content).decode(),  # as received, for signature checks
            "received_at": datetime.now(UTC).isoformat(),
        }
        MESSAGES.append(item)
        if STORE:
            with STORE.open("a") as f:
                f.write(json.dumps(item) + "\n")
        return "250 Message accepted for delivery"


def _linkify(text: str) -> str:
    return re.sub(r"(https?://[^\s<]+)", r'<a href="\1">\1</a>', html.escape(text))


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Sellflow mail catcher</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;color:#222}}table{{border-collapse:collapse;width:100%}}
td,th{{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}}pre{{white-space:pre-wrap;background:#f6f6f6;
padding:1rem}}</style></head><body><h1>Mail catcher</h1>{content}</body></html>"""


async def index(request: web.Request) -> web.Response:
    rows = "".join(
        f"<tr><td>{m['id']}</td><td>{html.escape(', '.join(m['to']))}</td>"
        f'<td><a href="/messages/{m["id"]}">{html.escape(m["subject"])}</a></td><td>{m["received_at"][:19]}</td></tr>'
        for m in reversed(MESSAGES)
    )
    table = (
        f"<table><tr><th>#</th><th>To</th><th>Subject</th><th>Received</th></tr>{rows}</table>"
        if rows
        else "<p>No mails yet.</p>"
    )
    return web.Response(text=PAGE.format(content=table), content_type="text/html")


async def show(request: web.Request) -> web.Response:
    i = int(request.match_info["id"])
    m = next((m for m in MESSAGES if m["id"] == i), None)
    if m is None:
        raise web.HTTPNotFound()
    content = (
        f'<p><a href="/">← all mails</a></p><h2>{html.escape(m["subject"])}</h2>'
        f"<p>To: {html.escape(', '.join(m['to']))}</p><pre>{_linkify(m['body'])}</pre>"
    )
    return web.Response(text=PAGE.format(content=content), content_type="text/html")


async def api_messages(request: web.Request) -> web.Response:
    to = request.query.get("to")
    items = [m for m in MESSAGES if not to or to.lower() in (t.lower() for t in m["to"])]
    return web.json_response(items)


async def clear(request: web.Request) -> web.Response:
    MESSAGES.clear()
    return web.Response(status=204)


def main() -> None:
    global STORE
    ap = argparse.ArgumentParser()
    ap.add_argument("--smtp-port", type=int, default=1025)
    ap.add_argument("--ui-port", type=int, default=8025)
    ap.add_argument("--store", default="")
    args = ap.parse_args()
    if args.store:
        STORE = Path(args.store)
        if STORE.exists():
            MESSAGES.extend(json.loads(line) for line in STORE.read_text().splitlines() if line.strip())
    controller = Controller(Handler(), hostname="127.0.0.1", port=args.smtp_port)
    controller.start()
    app = web.Application()
    app.add_routes(
        [
            web.get("/", index),
            web.get("/messages/{id}", show),
            web.get("/api/messages", api_messages),
            web.delete("/api/messages", clear),
        ]
    )
    try:
        web.run_app(app, host="127.0.0.1", port=args.ui_port, print=None)
    finally:
        controller.stop()


if __name__ == "__main__":
    asyncio.set_event_loop(asyncio.new_event_loop())
    main()
