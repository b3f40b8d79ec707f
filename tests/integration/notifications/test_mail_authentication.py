"""Mail the inbox providers accept: a mail the stack sends arrives DKIM-signed, and the signature verifies against
the key the sending domain publishes in DNS (the stack's loopback server, where an operator's DNS host would
have it); the same mail changed on its way does not. Managers see the domain's records, each checked against the
resolver's answer; nobody else does."""

from __future__ import annotations

import base64

import dkim
import dns.resolver

from tests.integration.helpers import client, mails, manager_headers, new_seller, wait_mail


async def test_mail_is_dkim_signed_against_the_published_key(stack):
    async with client(stack) as c:
        user = await new_seller(stack, c, "signed", legitimate=False)
        r = await c.post("/v1/app/user/send_magic_link", json={"email": user.email, "profile_type": "seller"})
        assert r.status_code == 204
        await wait_mail(stack, user.email, "sign-in link")
        [mail] = [m for m in await mails(stack, user.email) if "sign-in link" in m["subject"]]
        raw = base64.b64decode(mail["raw"])

        resolver = dns.resolver.Resolver(configure=False)
        resolver.nameservers, resolver.port = ["127.0.0.1"], stack.ports.dns

        def published(name: bytes, timeout: int = 5) -> bytes | None:
            try:
                answer = resolver.resolve(name.decode(), "TXT")
            except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
                return None
            return b"".join(answer[0].strings)

        assert raw.startswith(b"DKIM-Signature:")
        assert dkim.verify(raw, dnsfunc=published)
        assert not dkim.verify(raw.replace(b"Subject: ", b"Subject: Re: ", 1), dnsfunc=published)

        ops = await manager_headers(c)
        answer = (await c.get("/v1/admin/mail_authentication", headers=ops)).json()
        assert answer["signed"] is True and answer["domain"] == "sellflow.local"
        records = {r["purpose"]: r for r in answer["records"]}
        assert set(records) == {"dkim", "spf", "dmarc"}
        assert all(r["published"] is True for r in records.values()), records
        assert records["dkim"]["name"] == "sellflow._domainkey.sellflow.local"
        assert records["dkim"]["value"].encode() == published(records["dkim"]["name"].encode())
        assert (await c.get("/v1/admin/mail_authentication", headers=user.headers)).status_code == 403
