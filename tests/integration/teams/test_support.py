"""A message to support from an area (issue 23; core §2 `/publish/support`, `/team_member/support`): mailed to the
platform's support address once per action with the writer's address to answer to; bad input changes nothing."""

from __future__ import annotations

import pytest

from tests.integration.helpers import client, db_count, new_seller, wait_mail

pytestmark = pytest.mark.integration


async def test_a_message_to_support_is_mailed_once_per_action(stack):
    async with client(stack) as c:
        user = await new_seller(stack, c, "support", legitimate=False)
        body = {"area": "publish", "subject": "Where is my  commission?", "message": "Order of Tuesday."}
        h = {**user.headers, "Idempotency-Key": "support-once"}
        r = await c.post("/v1/common/support_messages", json=body, headers=h)
        assert r.status_code == 202, r.text
        mail = await wait_mail(stack, "support@sellflow.local", "Where is my commission?")
        r = await c.post("/v1/common/support_messages", json=body, headers=h)  # a retry: the first answer
        assert r.status_code == 202, r.text
        assert user.email in mail["body"] and "Order of Tuesday." in mail["body"]
        sent = "select count(*) from mails where to_email = 'support@sellflow.local' and body like :b"
        assert await db_count(sent, b=f"%{user.email}%") == 1
        for bad in (
            {**body, "area": "admin"},
            {**body, "subject": " "},
            {**body, "message": "x" * 5001},
            {**body, "x": 1},
        ):
            assert (
                await c.post(
                    "/v1/common/support_messages", json=bad, headers={**user.headers, "Idempotency-Key": "b"}
                )
            ).status_code == 400
        assert (
            await c.post("/v1/common/support_messages", json=body, headers={"Idempotency-Key": "n"})
        ).status_code == 401
