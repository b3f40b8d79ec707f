"""The affiliate programs' mails: a publisher's request to the seller, the seller's decision to the publisher."""

from __future__ import annotations

from core.settings import get_settings
from domain.affiliates.affiliates import NodeState
from domain.keys import affiliate_node_mail_key
from domain.mail import MailTemplate, OutgoingMail
from domain.notifications import wanted
from store.accounts.queries import display_name
from store.affiliates.programs import NodeParties


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
