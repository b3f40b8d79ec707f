"""Notices one may turn off (issue 23; core §2 `/publish/email_notification`): a seller who turned off publishers'
requests gets no mail for one, a publisher who turned off program answers gets none for the seller's decision;
both still see them in their areas. Only the known notices are kept."""

from __future__ import annotations

import asyncio

import pytest

from tests.integration.helpers import client, mails, new_seller, wait_mail

pytestmark = pytest.mark.integration


async def test_a_turned_off_notice_sends_no_mail(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "notice", legitimate=False)
        pub = await new_seller(stack, c, "notice-pub", legitimate=False)
        assert (await c.get("/v1/app/user/notices", headers=pub.headers)).json() == {"muted": []}
        for bad in ({"muted": ["payout_returned"]}, {"muted": "program_decisions"}, {"muted": [], "x": 1}):
            assert (await c.put("/v1/app/user/notices", json=bad, headers=pub.headers)).status_code == 400
        r = await c.put("/v1/app/user/notices", json={"muted": ["program_decisions"]}, headers=pub.headers)
        assert r.status_code == 200 and r.json() == {"muted": ["program_decisions"]}
        r = await c.put(
            "/v1/app/user/notices", json={"muted": ["publisher_requests"]}, headers=seller.headers
        )
        assert r.status_code == 200

        program = (
            await c.post(
                "/v1/cabinet/affiliate_programs",
                json={"name": "Quiet club", "commission_bp": 500},
                headers=seller.headers,
            )
        ).json()["id"]
        node = (
            await c.post(f"/v1/common/affiliate_programs/{program}/accept", json={}, headers=pub.headers)
        ).json()["node_id"]
        assert (
            await c.post(f"/v1/cabinet/affiliate_nodes/{node}/accept", headers=seller.headers)
        ).status_code == 200
        # turned back on: the next decision is mailed (and shows the earlier ones were not)
        assert (
            await c.put("/v1/app/user/notices", json={"muted": []}, headers=pub.headers)
        ).status_code == 200
        assert (
            await c.post(f"/v1/cabinet/affiliate_nodes/{node}/cancel", headers=seller.headers)
        ).status_code == 200
        await wait_mail(stack, pub.email, "Quiet club")
        await asyncio.sleep(1)
        subjects = [m["subject"] for m in await mails(stack, pub.email) if "Quiet club" in m["subject"]]
        assert len(subjects) == 1  # the cancellation only, not the muted acceptance
        assert not [m for m in await mails(stack, seller.email) if "Quiet club" in m["subject"]]
        nodes = (await c.get("/v1/cabinet/affiliate_nodes", headers=seller.headers)).json()["list"]
        assert [n["state"] for n in nodes] == ["canceled"]  # the area shows it all the same
