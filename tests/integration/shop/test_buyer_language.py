"""A buyer reads the checkout in French: the order's mails are written in French (their confirmation with the
consent they ticked in French words, the refund), money and dates as French writes them; the invoice stays in
English, the language of invoices the seller's bookkeeping reads besides German."""

from __future__ import annotations

import secrets

import pytest

from tests.integration.helpers import (
    CARD_OK,
    card_payment_method,
    client,
    new_seller,
    pay,
    published_product,
    refunds_settled,
    start_checkout,
    wait_fulfilled,
    wait_mail,
)

pytestmark = pytest.mark.integration


async def test_a_french_buyer_gets_their_mails_in_french(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "fr")
        product = await published_product(c, seller, price=2500, name="Cours de pain")
        buyer = f"acheteur-{secrets.token_hex(3)}@example.com"
        co = await start_checkout(c, seller.username, product, email=buyer, extra={"language": "fr"})
        pm = await card_payment_method(stack, co["setup_intent_client_secret"], CARD_OK)
        assert (await pay(c, seller.username, co["order_token"], pm)).json()["outcome"] == "succeeded"
        await wait_fulfilled(c, seller.username, co["order_token"])
        mail = await wait_mail(stack, buyer, "Votre commande")
        body = mail["body"]
        assert "Bonjour Bea," in body and "merci pour votre achat de Cours de pain (25,00€)" in body
        assert "Numéro de facture : 1" in body and "vous avez coché" in body
        assert (
            "Je consens expressément" in body or "J’accepte expressément" in body or "Je demande" in body
        ), body
        assert "Voir cet e-mail dans votre navigateur" in body and "Your order" not in body
        h = seller.headers
        r = await c.post(
            f"/v1/cabinet/orders/{co['order_token']}/refunds",
            json={"amount": 500, "reason": "Geste"},
            headers=h,
        )
        assert r.status_code == 202, r.text
        await refunds_settled(c, h, co["order_token"])
        refund = await wait_mail(stack, buyer, "Votre remboursement")
        assert "5,00€ de votre paiement pour Cours de pain" in refund["body"]
