"""The affiliate programs' mails: a publisher's request to the seller, the seller's decision to the publisher."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from core.settings import get_settings
from domain.affiliates.affiliates import NodeState
from domain.errors import invalid
from domain.keys import affiliate_node_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.notifications import wanted
from store.accounts.models import User
from store.accounts.queries import display_name, seller_of
from store.affiliates.models import AffiliateNode
from store.affiliates.programs import NodeParties, node_parties, node_requested, public_program


def affiliate_mail(parties: NodeParties) -> OutgoingMail | None:
    """A publisher's request, mailed to the seller; the seller's decision, mailed to the publisher; none to one who
    turned that notice off."""
    node, base = parties.node, get_settings().public_url
    publisher, seller = parties.publisher, parties.seller_user
    if node.state == NodeState.requested:
        if not wanted(MailTemplate.affiliate_requested, seller.muted_notices):
            return None
        return OutgoingMail(
            key=affiliate_node_mail_key(node.id, node.state.value, node.updated_at),
            to=seller.email,
            template=MailTemplate.affiliate_requested,
            locale=seller.locale,
            context={
                "first_name": seller.first_name or seller.username or "",
                "publisher": display_name(publisher) or publisher.email,
                "publisher_email": publisher.email,
                "program": parties.program,
                "nodes_url": f"{base}/cabinet/affiliate_nodes",
            },
        )
    if not wanted(MailTemplate.affiliate_decided, publisher.muted_notices):
        return None
    return OutgoingMail(
        key=affiliate_node_mail_key(node.id, node.state.value, node.updated_at),
        to=publisher.email,
        template=MailTemplate.affiliate_decided,
        locale=publisher.locale,
        context={
            "first_name": publisher.first_name or publisher.username or "",
            "state": node.state.value,
            "program": parties.program,
            "shop": display_name(seller) or seller.username or "",
            "area_url": f"{base}/publish/affiliate_programs"
            if node.state == NodeState.accepted
            else f"{base}/publish/affiliate_marketplace",
        },
    )


async def program_joined(
    s: AsyncSession, program_id: int, user: User, from_landing_page: bool, referrer_id: int | None
) -> tuple[AffiliateNode, OutgoingMail | None]:
    """The user asks to join a public program as a publisher; the seller decides and is told by the mail answered
    (none when asked again). Asking again changes nothing; a seller cannot join their own program (400)."""
    p, _ = await public_program(s, program_id)
    own = await seller_of(s, user.id)
    if own is not None and own.id == p.seller_id:
        raise invalid(program_id="a seller does not join their own program")
    node = await node_requested(s, p, user, from_landing_page=from_landing_page, referrer_user_id=referrer_id)
    parties = await node_parties(s, node.id)
    return node, affiliate_mail(parties) if parties is not None else None
