"""A user changes their e-mail address: asked with the password, confirmed by the link mailed to the new address;
then the account signs in with the new address only, every old session is over, and the old address was told.
Refused and changing nothing: a wrong password, an address another account holds, the same address, a link used
twice or made up."""

from __future__ import annotations

import asyncio
import re
import secrets

from tests.integration.helpers import client, mails, new_seller, wait_mail

PASSWORD = "correct-horse-1"


async def test_a_seller_changes_their_email_address_through_the_new_addresss_link(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "mover", legitimate=False)
        other = await new_seller(stack, c, "holder", legitimate=False)
        h = seller.headers
        new = f"moved-{secrets.token_hex(3)}@example.com"
        for body, status, field in (
            ({"email": new, "password": "wrong-horse-1"}, 400, "password"),
            ({"email": new}, 400, "password"),
            ({"email": other.email.upper(), "password": PASSWORD}, 409, "email"),
            ({"email": seller.email, "password": PASSWORD}, 400, "email"),
            ({"email": "not an address", "password": PASSWORD}, 400, "email"),
        ):
            r = await c.post("/v1/app/user/change_email", json=body, headers=h)
            assert r.status_code == status and field in r.json().get("fields", {}), (body, r.text)
        assert (await c.post("/v1/app/user/change_email", json={"email": new})).status_code == 401
        assert await mails(stack, new) == []

        r = await c.post("/v1/app/user/change_email", json={"email": new, "password": PASSWORD}, headers=h)
        assert r.status_code == 202, r.text
        mail = await wait_mail(stack, new, "Confirm your new e-mail address")
        assert seller.email in mail["body"]
        token = re.search(r"/users/change_email\?token=([\w-]+)", mail["body"]).group(1)
        # nothing changed yet: the old address still signs in
        me = (await c.get("/v1/app/user", headers=h)).json()
        assert me["email"] == seller.email

        bad = await c.post(
            "/v1/app/user/accept_change_email", json={"token": "x" * 43, "fingerprint": "fp-test"}
        )
        assert bad.status_code == 400
        r = await c.post("/v1/app/user/accept_change_email", json={"token": token, "fingerprint": "fp-new"})
        assert r.status_code == 200, r.text
        fresh = {"Authorization": f"Bearer {r.json()['access_token']}"}
        assert (await c.get("/v1/app/user", headers=fresh)).json()["email"] == new
        again = await c.post(
            "/v1/app/user/accept_change_email", json={"token": token, "fingerprint": "fp-new"}
        )
        assert again.status_code == 400  # once per link

        notice = await wait_mail(stack, seller.email, "e-mail address was changed")
        assert new in notice["body"]
        # the old sessions are over: their refresh token renews nothing
        renew = await c.post(
            "/v1/app/session/renew_token",
            data={"refresh_token": seller.tokens["refresh_token"], "fingerprint": "fp-test"},
        )
        assert renew.status_code == 401
        # the new address signs in, the old one no longer does
        ok = await c.post("/v1/app/session", json={"email": new, "password": PASSWORD, "fingerprint": "fp"})
        assert ok.status_code == 200
        old = await c.post(
            "/v1/app/session", json={"email": seller.email, "password": PASSWORD, "fingerprint": "fp"}
        )
        assert old.status_code == 401
        # the other account is untouched
        assert (await c.get("/v1/app/user", headers=other.headers)).json()["email"] == other.email


async def test_the_address_taken_meanwhile_is_refused_at_the_link(stack):
    """Two accounts ask for the same free address; the first link wins, the second answers 409 and changes
    nothing."""
    async with client(stack) as c:
        a = await new_seller(stack, c, "first", legitimate=False)
        b = await new_seller(stack, c, "second", legitimate=False)
        new = f"wanted-{secrets.token_hex(3)}@example.com"
        for x in (a, b):
            r = await c.post(
                "/v1/app/user/change_email", json={"email": new, "password": PASSWORD}, headers=x.headers
            )
            assert r.status_code == 202, r.text
        for _ in range(100):
            links = [m for m in await mails(stack, new) if "Confirm your new" in m["subject"]]
            if len(links) == 2:
                break
            await asyncio.sleep(0.2)
        tokens = {re.search(r"\?token=([\w-]+)", m["body"]).group(1) for m in links}
        assert len(tokens) == 2
        answers = [
            (
                await c.post("/v1/app/user/accept_change_email", json={"token": t, "fingerprint": "fp"})
            ).status_code
            for t in tokens
        ]
        assert sorted(answers) == [200, 409]
        # exactly one account holds the address (their access tokens still answer until they expire)
        emails = [(await c.get("/v1/app/user", headers=x.headers)).json()["email"] for x in (a, b)]
        assert sorted(e == new for e in emails) == [False, True]
        assert sorted(e in (a.email, b.email) for e in emails) == [False, True]
        r = await c.post("/v1/app/session", json={"email": new, "password": PASSWORD, "fingerprint": "fp"})
        assert r.status_code == 200
