"""Mail (`mail-{key}`): delivers one mail that the API asked for (sign-up confirmation, magic link, password
reset), durably: the API only starts this workflow, and the activity retries until the mail is out.

    start ──► deliver_mail (render, store under the key, send once) ──► done
"""

from __future__ import annotations

from temporalio import workflow

from domain.mail import OutgoingMail
from workflows.policies import MAIL_DELIVERY, ShortLived, run_step

with workflow.unsafe.imports_passed_through():
    from activities.mail import MailActivities


@workflow.defn(name="Mail", versioning_behavior=ShortLived.behaviour)
class MailWorkflow:
    @workflow.run
    async def run(self, mail: OutgoingMail) -> bool:
        return await run_step(MailActivities.deliver_mail, mail, MAIL_DELIVERY)
