"""The local DNS server: an authoritative server on loopback (dnslib) for whatever names its records hold, plus a
tiny HTTP admin API to add and remove records. It stands in for the internet's DNS in `make run` and the tests:
the seller's TXT record is added here (what a seller does at their DNS host), the Domain SSL workflow checks it
with dnspython, and pebble (the local ACME server) validates DNS-01 challenges against it.

A CNAME is followed as a recursive resolver does: a TXT (or A, AAAA) query for a name that holds a CNAME answers
the CNAME and then the target's records (up to 8 hops). That is how a seller's `_acme-challenge.{host}` CNAME
delegates the DNS-01 challenge to the platform's zone (DCV delegation): pebble asks for the TXT at the seller's
name and gets the one the platform wrote at the target.

    python -m deploy.dns_server --port 8053 --admin-port 8054 [--store records.json] [--api-key KEY]

Admin API (JSON):
    GET    /records                          → {"records": [{"name", "type", "value", "ttl"}, …]}
    POST   /records  {name, type, value, ttl} → 201, the record added (an identical one is not added twice)
    DELETE /records  {name, type, value?}     → 200 {"removed": n} (every value of the name and type without value)
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from dnslib import AAAA, CNAME, QTYPE, RCODE, RR, TXT, A, DNSLabel, DNSRecord
from dnslib.server import BaseResolver, DNSLogger, DNSServer

TYPES = {"TXT": TXT, "A": A, "AAAA": AAAA, "CNAME": CNAME}
MAX_CNAME_HOPS = 8


class Zone:
    """The records, keyed by (lower-case name without trailing dot, type); saved to a JSON file if given."""

    def __init__(self, store: Path | None) -> None:
        self.store = store
        self.lock = threading.Lock()
        self.records: list[dict[str, Any]] = []
        if store and store.exists():
            self.records = json.loads(store.read_text())

    @staticmethod
    def norm(name: str) -> str:
        return name.strip().rstrip(".").lower()

    def _save(self) -> None:
        if self.store:
            self.store.write_text(json.dumps(self.records))

    def add(self, name: str, rtype: str, value: str, ttl: int) -> dict[str, Any]:
        rec = {"name": self.norm(name), "type": rtype, "value": value, "ttl": ttl}
        with self.lock:
            if not any(
                r["name"] == rec["name"] and r["type"] == rtype and r["value"] == value for r in self.records
            ):
                self.records.append(rec)
                self._save()
        return rec

    def remove(self, name: str, rtype: str, value: str | None) -> int:
        n = self.norm(name)
        with self.lock:
            keep = [
                r
                for r in self.records
                if not (r["name"] == n and r["type"] == rtype and (value is None or r["value"] == value))
            ]
            removed = len(self.records) - len(keep)
            self.records = keep
            self._save()
        return removed

    def find(self, name: str, rtype: str | None) -> tuple[list[dict[str, Any]], bool]:
        """The records of a name (of a type, or all), and whether the name exists at all."""
        n = self.norm(name)
        with self.lock:
            of_name = [r for r in self.records if r["name"] == n]
        return [r for r in of_name if rtype is None or r["type"] == rtype], bool(of_name)


class ZoneResolver(BaseResolver):
    def __init__(self, zone: Zone) -> None:
        self.zone = zone

    def resolve(self, request: DNSRecord, handler: Any) -> DNSRecord:
        reply = request.reply()
        qname = request.q.qname
        qtype = QTYPE[request.q.qtype]
        records, exists = self.zone.find(str(qname), None if qtype == "ANY" else qtype)
        name, seen = qname, {self.zone.norm(str(qname))}
        while not records and qtype not in ("ANY", "CNAME") and len(seen) <= MAX_CNAME_HOPS:
            cnames, _ = self.zone.find(str(name), "CNAME")
            if not cnames:
                break
            target = DNSLabel(self.zone.norm(cnames[0]["value"]))
            reply.add_answer(RR(name, QTYPE.CNAME, rdata=CNAME(target), ttl=int(cnames[0]["ttl"])))
            if self.zone.norm(str(target)) in seen:  # a loop: stop with what was answered
                break
            seen.add(self.zone.norm(str(target)))
            name = target
            records, exists = self.zone.find(str(name), qtype)
            exists = True  # the queried name exists (it holds the CNAME), whatever the target holds
        for r in records:
            cls = TYPES.get(r["type"])
            if cls is not None:
                rdata = (
                    cls(DNSLabel(r["value"]))
                    if r["type"] == "CNAME"
                    # a TXT value longer than a character-string (a DKIM key) is several strings, joined by readers
                    else TXT([r["value"][i : i + 255] for i in range(0, len(r["value"]), 255)])
                    if r["type"] == "TXT"
                    else cls(r["value"])
                )
                reply.add_answer(RR(name, getattr(QTYPE, r["type"]), rdata=rdata, ttl=int(r["ttl"])))
        if not records and not exists:
            reply.header.rcode = RCODE.NXDOMAIN
        return reply


def admin_handler(zone: Zone, api_key: str | None) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
            return

        def _answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _authorised(self) -> bool:
            if api_key and self.headers.get("Authorization") != f"Bearer {api_key}":
                self._answer(401, {"error": "unauthorised"})
                return False
            return True

        def _body(self) -> dict[str, Any] | None:
            try:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.loads(raw or b"{}")
            except (ValueError, json.JSONDecodeError):
                body = None
            if not isinstance(body, dict) or not isinstance(body.get("name"), str):
                self._answer(400, {"error": "name is required"})
                return None
            if body.get("type", "TXT") not in TYPES:
                self._answer(400, {"error": f"type must be one of {sorted(TYPES)}"})
                return None
            return body

        def do_GET(self) -> None:  # noqa: N802
            if self.path.rstrip("/") != "/records":
                self._answer(404, {"error": "not found"})
                return
            with zone.lock:
                self._answer(200, {"records": list(zone.records)})

        def do_POST(self) -> None:  # noqa: N802
            if not self._authorised():
                return
            body = self._body()
            if body is None:
                return
            if not isinstance(body.get("value"), str):
                self._answer(400, {"error": "value is required"})
                return
            rec = zone.add(body["name"], body.get("type", "TXT"), body["value"], int(body.get("ttl") or 300))
            self._answer(201, rec)

        def do_DELETE(self) -> None:  # noqa: N802
            if not self._authorised():
                return
            body = self._body()
            if body is None:
                return
            removed = zone.remove(body["name"], body.get("type", "TXT"), body.get("value"))
            self._answer(200, {"removed": removed})

    return Handler


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8053)
    ap.add_argument("--admin-port", type=int, default=8054)
    ap.add_argument("--store", type=Path)
    ap.add_argument("--api-key")
    args = ap.parse_args()
    zone = Zone(args.store)
    logger = DNSLogger(log="-request,-reply,-truncated,-error,-recv,-send,-data", prefix=False)
    resolver = ZoneResolver(zone)
    udp = DNSServer(resolver, port=args.port, address=args.host, logger=logger)
    tcp = DNSServer(resolver, port=args.port, address=args.host, logger=logger, tcp=True)
    udp.start_thread()
    tcp.start_thread()
    admin = ThreadingHTTPServer((args.host, args.admin_port), admin_handler(zone, args.api_key))
    threading.Thread(target=admin.serve_forever, daemon=True).start()
    print(f"dns server on {args.host}:{args.port} (udp+tcp), admin on http://{args.host}:{args.admin_port}")
    try:
        while udp.isAlive():
            time.sleep(1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
