"""A mail read in a browser (core §2 `/email_logs/{token}`): every mail but those whose link signs in ends with the
link to its browser view, which shows that very mail to whoever holds the link and nothing to anyone else."""

from __future__ import annotations

import asyncio
import re
import secrets

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    new_seller,
    pay,
    published_product,
    start_checkout,
    wait_mail,
)


def _view_token(body: str) -> str | None:
    found = re.search(r"View this mail in your browser: \S+/email_logs/([0-9a-f]{32})", body)
    return found.group(1) if found else None


async def test_a_mail_is_read_in_the_browser_by_its_link_only(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "logs")
        product = await published_product(c, seller)
        buyer = f"reader-{secrets.token_hex(3)}@example.com"
        co = await start_checkout(c, seller.username, product, email=buyer)
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        mail = await wait_mail(stack, buyer, "Your order")
        token = _view_token(mail["body"])
        assert token is not None, mail["body"]
        # the mail is marked sent in the transaction that sent it, which commits the moment the mail server took it:
        # a link opened as the mail arrives may be that moment early
        for _ in range(50):
            r = await c.get(f"/v1/emails/logs/{token}")
            if r.status_code != 404:
                break
            await asyncio.sleep(0.1)
        assert r.status_code == 200, r.text
        view = r.json()
        assert view["subject"] == mail["subject"]
        assert view["body"].replace("\r\n", "\n").strip() == mail["body"].replace("\r\n", "\n").strip()
        # a token that finds nothing, or is not one
        assert (await c.get(f"/v1/emails/logs/{'0' * 32}")).status_code == 404
        assert (await c.get("/v1/emails/logs/not-a-token-at-all-not-a-token-at")).status_code in (400, 404)

        # a sign-in link's mail has no browser view
        seller = await new_seller(stack, c, "logs-magic", legitimate=False)
        assert (
            await c.post(
                "/v1/app/user/send_magic_link", json={"email": seller.email, "profile_type": "seller"}
            )
        ).status_code == 204
        magic = await wait_mail(stack, seller.email, "sign-in link")
        assert _view_token(magic["body"]) is None and "/email_logs/" not in magic["body"]
