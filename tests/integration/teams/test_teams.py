"""A seller's team through the real stack (issue 23): the seller invites by mail a team member, who accepts and
works in the seller's cabinet by naming the seller on each call (never where only the owner may act, never for a
seller they do not work for: 404), and a sales team member, whose link brings a buyer: every payment books their
fee from the seller, a refund takes its share back, and their own Payout workflow pays them, once."""

from __future__ import annotations

import secrets

import pytest

from tests.integration.billing.test_subscriptions import _buy
from tests.integration.helpers import (
    client,
    db_count,
    db_value,
    new_seller,
    published_product,
    until,
    wait_mail,
)

pytestmark = pytest.mark.integration

ACT = "Sellflow-Seller-Id"


async def _accepted(c, member, seller_username: str) -> dict:
    invites = (await c.get("/v1/team_member/invites", headers=member.headers)).json()["list"]
    mine = next(i for i in invites if i["shop"] == seller_username)
    assert mine["state"] == "invited"
    r = await c.post(f"/v1/team_member/invites/{mine['id']}/accept", headers=member.headers)
    assert r.status_code == 200, r.text
    return r.json()


async def test_a_team_member_works_for_the_seller_and_nowhere_else(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "team-owner", legitimate=False)
        helper = await new_seller(stack, c, "team-helper", legitimate=False)  # a seller of their own, too
        other = await new_seller(stack, c, "team-other", legitimate=False)
        h = seller.headers
        r = await c.post(
            "/v1/cabinet/team_members", json={"email": helper.email.upper(), "role": "team_member"}, headers=h
        )
        assert r.status_code == 201, r.text
        member_id = r.json()["id"]
        assert r.json()["state"] == "invited"
        mail = await wait_mail(stack, helper.email, "invites you")
        assert "/team_member/invites" in mail["body"]
        # inviting again changes nothing and mails nothing
        r = await c.post(
            "/v1/cabinet/team_members", json={"email": helper.email, "role": "team_member"}, headers=h
        )
        assert r.status_code == 201 and r.json()["id"] == member_id
        sent = "select count(*) from mails where to_email = :e and subject like '%invites you%'"
        assert await db_count(sent, e=helper.email) == 1
        # a fee is a sales team member's only; a bad address, the owner's own: 400, nothing kept
        for bad in (
            {"email": "x@example.com", "role": "team_member", "fee_bp": 100},
            {"email": "not-an-address", "role": "team_member"},
            {"email": seller.email, "role": "team_member"},
            {"email": "y@example.com", "role": "sales_team_member", "fee_bp": 10_001},
            {"email": "y@example.com", "role": "sales_team_member", "fee_bp": "10"},
            {"email": "y@example.com", "role": "owner"},
        ):
            assert (await c.post("/v1/cabinet/team_members", json=bad, headers=h)).status_code == 400, bad
        assert len((await c.get("/v1/cabinet/team_members", headers=h)).json()["list"]) == 1

        # someone who signs up with an invited address is no team member before they confirm it
        squatter = f"squat-{secrets.token_hex(3)}@example.com"
        assert (
            await c.post(
                "/v1/cabinet/team_members", json={"email": squatter, "role": "team_member"}, headers=h
            )
        ).status_code == 201
        r = await c.post(
            "/v1/app/user",
            json={"email": squatter, "password": "correct-horse-1", "profile_type": "team_member"},
        )
        assert r.status_code == 201, r.text
        r = await c.post(
            "/v1/app/session", json={"email": squatter, "password": "correct-horse-1", "fingerprint": "fp"}
        )
        assert r.status_code == 200, r.text
        sq = {"Authorization": f"Bearer {r.json()['access_token']}"}
        invite = (await c.get("/v1/team_member/invites", headers=sq)).json()["list"][0]
        r = await c.post(f"/v1/team_member/invites/{invite['id']}/accept", headers=sq)
        assert r.status_code == 409 and r.json()["reason"] == "email_unconfirmed"
        assert (
            await c.post(f"/v1/team_member/invites/{invite['id']}/decline", headers=sq)
        ).status_code == 200

        # before accepting: no cabinet of the seller's
        invites = (await c.get("/v1/team_member/invites", headers=helper.headers)).json()["list"]
        seller_id = invites[0]["seller_id"]
        act = {**helper.headers, ACT: str(seller_id)}
        assert (await c.get("/v1/cabinet/products", headers=act)).status_code == 403
        # someone else's invitation is not theirs to answer
        assert (
            await c.post(f"/v1/team_member/invites/{member_id}/accept", headers=other.headers)
        ).status_code == 404
        await _accepted(c, helper, seller.username)
        r = await c.post(f"/v1/team_member/invites/{member_id}/accept", headers=helper.headers)
        assert r.status_code == 409 and r.json()["reason"] == "team_state"

        # acting for the seller: their products, their orders; a product made is the seller's
        r = await c.post(
            "/v1/cabinet/products", json={"name": "Made by the team", "description": "x"}, headers=act
        )
        assert r.status_code == 201, r.text
        theirs = (await c.get("/v1/cabinet/products", headers=h)).json()["list"]
        assert [p["name"] for p in theirs] == ["Made by the team"]
        assert (await c.get("/v1/cabinet/products", headers=act)).json()["list"] == theirs
        assert (await c.get("/v1/cabinet/products", headers=helper.headers)).json()["list"] == []  # own shop
        assert (await c.get("/v1/cabinet/orders", headers=act)).status_code == 200
        # only the owner: identity, bank accounts, payout settings, the account's deletion, the team
        for method, path in (
            ("GET", "/v1/cabinet/seller_profile"),
            ("GET", "/v1/cabinet/bank_accounts"),
            ("GET", "/v1/cabinet/documents"),
            ("PUT", "/v1/cabinet/payout_settings"),
            ("POST", "/v1/cabinet/cashouts"),
            ("GET", "/v1/cabinet/account_deletion"),
            ("GET", "/v1/cabinet/team_members"),
            ("DELETE", f"/v1/cabinet/team_members/{member_id}"),
        ):
            r = await c.request(method, path, headers={**act, "Idempotency-Key": "k"}, json={})
            assert r.status_code == 403, (method, path, r.status_code)
        # a seller they do not work for, or a value that names nobody: 404, as if there were none
        for value in (str(await _id_of(c, other)), "0", "abc", "9" * 30):
            r = await c.get("/v1/cabinet/products", headers={**helper.headers, ACT: value})
            assert r.status_code == 404, (value, r.text)
        # someone with no team role naming a seller: 403
        r = await c.get("/v1/cabinet/products", headers={**other.headers, ACT: str(seller_id)})
        assert r.status_code == 403

        # removed: the cabinet is closed to them at once; removing again is 409
        assert (await c.delete(f"/v1/cabinet/team_members/{member_id}", headers=h)).status_code == 204
        assert (await c.get("/v1/cabinet/products", headers=act)).status_code == 404
        r = await c.delete(f"/v1/cabinet/team_members/{member_id}", headers=h)
        assert r.status_code == 409 and r.json()["reason"] == "team_state"
        assert (
            await c.delete(f"/v1/cabinet/team_members/{member_id}", headers=other.headers)
        ).status_code == 404


async def _id_of(c, seller) -> int:
    invite = await c.post(
        "/v1/cabinet/team_members",
        json={"email": "probe-" + seller.email, "role": "team_member"},
        headers=seller.headers,
    )
    return int(await db_value("select seller_id from team_members where id = :i", i=invite.json()["id"]))


async def _fee(token: str, kind: str) -> int:
    return await db_count(
        "select coalesce(sum(e.amount), 0) from ledger_entries e join orders o on o.id = e.order_id "
        "where o.token = :t and e.payee_type = 'sales_team_member' and e.kind = :k",
        t=token,
        k=kind,
    )


async def test_a_sales_team_members_link_earns_their_fee_and_they_are_paid_out(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "sales-owner")
        h = seller.headers
        product = await published_product(c, seller, name="Sold course", price=8_000)
        closer = await new_seller(stack, c, "sales-closer")  # legitimated: a payee with a bank account
        r = await c.post(
            "/v1/cabinet/team_members",
            json={"email": closer.email, "role": "sales_team_member", "fee_bp": 1_000},
            headers=h,
        )
        assert r.status_code == 201, r.text
        member_id = r.json()["id"]
        await wait_mail(stack, closer.email, "invites you")
        joined = await _accepted(c, closer, seller.username)
        closer_id = int(joined["link"].rsplit("=", 1)[1])
        assert joined["link"] == f"/s/{seller.username}?stm={closer_id}"

        # the closer's link, then the purchase with the shop's cookie
        c.cookies.clear()
        r = await c.get(f"/s/{seller.username}/{product['slug']}", params={"stm": closer_id})
        cookie = next(k for k in r.cookies if k.startswith("sf_stm_"))
        token = await _buy(stack, c, seller, product)
        c.cookies.clear()
        assert await _fee(token, "sales_team_fee") == 800
        detail = (await c.get(f"/v1/cabinet/orders/{token}", headers=h)).json()
        assert detail["sales_team_member"] == {"id": closer_id, "name": "Sam Seller", "fee": 1_000}
        assert sum(e["amount"] for e in detail["money_trail"]) == 0

        # a later fee applies to later orders only; the sold one keeps its 10 %
        r = await c.patch(f"/v1/cabinet/team_members/{member_id}", json={"fee_bp": 2_000}, headers=h)
        assert r.status_code == 200 and r.json()["fee_bp"] == 2_000
        assert (
            await db_value("select (sales_team->>'fee_bp')::int from orders where token = :t", t=token)
            == 1_000
        )

        # a refund of half gives back half the fee
        r = await c.post(
            f"/v1/cabinet/orders/{token}/refunds", json={"amount": 4_000, "reason": "Half"}, headers=h
        )
        assert r.status_code == 202, r.text
        await until(
            c,
            f"/v1/cabinet/orders/{token}/refunds",
            h,
            lambda b: b["list"] and all(x["state"] == "succeeded" for x in b["list"]),
        )
        assert await _fee(token, "reversal") == -400

        # the team member area: the sale, the fee, the money; no buyer's details
        ch = closer.headers
        home = (await c.get("/v1/team_member/overview", headers=ch)).json()
        assert (home["orders"], home["earned"]) == (1, 400)
        assert [t["shop"] for t in home["teams"]] == [seller.username]
        orders = (await c.get("/v1/team_member/orders", headers=ch)).json()["list"]
        assert [(o["product"], o["fee_bp"], o["earned"]) for o in orders] == [("Sold course", 1_000, 400)]
        assert "payer_email" not in orders[0]
        moves = (await c.get("/v1/team_member/transfers", headers=ch)).json()["list"]
        assert sorted(m["kind"] for m in moves) == ["reversal", "sales_team_fee"]
        assert (await c.get("/v1/team_member/overview", headers=seller.headers)).status_code == 403

        # paid out by the member's own Payout workflow, once
        r = await c.put(
            "/v1/team_member/payout_settings",
            json={"schedule": "monthly", "minimum": 1_000_000, "hold_days": 0},
            headers=ch,
        )
        assert r.status_code == 200, r.text
        await until(c, "/v1/team_member/payouts", ch, lambda b: b["available"] == 400)
        assert (
            await c.post("/v1/team_member/cashouts", headers={**ch, "Idempotency-Key": "c1"})
        ).status_code == 202
        body = await until(
            c, "/v1/team_member/payouts", ch, lambda b: any(p["state"] == "successful" for p in b["list"])
        )
        assert [(p["amount"], p["kind"]) for p in body["list"]] == [(400, "cashout")]
        r = await c.post("/v1/team_member/cashouts", headers={**ch, "Idempotency-Key": "c2"})
        assert r.status_code == 409  # nothing left to pay

        # the closer buying through their own link earns nothing; a forged cookie names nobody; after removal the
        # link leaves no cookie
        await c.get(f"/s/{seller.username}/{product['slug']}", params={"stm": closer_id})
        own = await _buy(stack, c, seller, product, email=closer.email)
        assert await db_value("select sales_team is null from orders where token = :t", t=own)
        c.cookies.clear()
        c.cookies.set(cookie, f"{closer_id}.forged")
        forged = await _buy(stack, c, seller, product)
        assert await db_value("select sales_team is null from orders where token = :t", t=forged)
        c.cookies.clear()
        assert (await c.delete(f"/v1/cabinet/team_members/{member_id}", headers=h)).status_code == 204
        r = await c.get(f"/s/{seller.username}/{product['slug']}", params={"stm": closer_id})
        assert not any(k.startswith("sf_stm_") for k in r.cookies)
