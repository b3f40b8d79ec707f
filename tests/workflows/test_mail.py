"""The Mail workflow delivers a mail once per key, and keeps trying while the mail server is down."""

from __future__ import annotations

import asyncio

from temporalio import activity
from temporalio.common import WorkflowIDReusePolicy
from temporalio.worker import Worker

from activities.mail import MailActivities
from domain.mail import MailTemplate, OutgoingMail
from domain.workflow_ids import mail_id
from tests.workflows.fakes import assert_fake_matches
from worker.main import RUNNER
from workflows.mail import MailWorkflow


class FlakyMailServer:
    def __init__(self, failures: int) -> None:
        self.failures, self.sent = failures, []

    @activity.defn(name="deliver_mail")
    async def deliver_mail(self, mail: OutgoingMail) -> bool:
        if self.failures:
            self.failures -= 1
            raise ConnectionRefusedError("SMTP is down")
        self.sent.append(mail.key)
        return True


async def test_a_mail_is_delivered_once_even_when_smtp_is_down_for_a_while(client, task_queue, record):
    server = FlakyMailServer(failures=1)
    mail = OutgoingMail(
        key=f"user-1-confirmation-{task_queue}",
        to="a@example.com",
        template=MailTemplate.account_confirmation,
        context={"link": "http://x"},
    )
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=[MailWorkflow],
        activities=[server.deliver_mail],
        workflow_runner=RUNNER,
    ):
        handle = await client.start_workflow(
            MailWorkflow.run,
            mail,
            id=mail_id(mail.key),
            task_queue=task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
        )
        assert await asyncio.wait_for(handle.result(), 30) is True
    assert server.sent == [mail.key]
    await record(handle, "mail")


def test_the_fake_stands_in_for_real_activities_with_their_types():
    assert_fake_matches(FlakyMailServer, MailActivities)
