"""Built pages on a seller's verified domain (issue 22 "on the seller's custom domain"): the home page at `/`, a
page at `/{path}`, the legal documents at `/document/{document}` and the sitemap, rendered by the server with the
domain's own addresses (no `/s/{username}` prefix)."""

from __future__ import annotations

import secrets

import pytest

from tests.integration.domains.test_domains import until
from tests.integration.helpers import client, new_seller

pytestmark = pytest.mark.integration


async def test_built_pages_answer_on_the_sellers_domain_without_the_prefix(stack):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "dompages", legitimate=False)
        h = seller.headers
        label = f"pages-{secrets.token_hex(3)}"
        dom = (
            await c.post(
                "/v1/cabinet/domains", json={"kind": "subdomain", "name": label, "ttl": 3600}, headers=h
            )
        ).json()
        await until(c, seller, dom["id"], lambda d: d["state"] == "active_with_ssl")
        host = {"Host": dom["hostname"]}
        page = (
            await c.post("/v1/cabinet/pages", json={"page_type": "shop", "name": "Home"}, headers=h)
        ).json()
        await c.post(f"/v1/cabinet/pages/{page['id']}/publish", json={"version": 1}, headers=h)
        about = (
            await c.post(
                "/v1/cabinet/pages", json={"page_type": "shop", "name": "About", "path": "about"}, headers=h
            )
        ).json()
        await c.post(f"/v1/cabinet/pages/{about['id']}/publish", json={"version": 1}, headers=h)
        terms = {"imprint": {"en": "Sam Seller, Torstraße 1, Berlin"}}
        assert (await c.put("/v1/cabinet/legal_texts", json=terms, headers=h)).status_code == 200

        home = await c.get("/", headers=host)
        assert home.status_code == 200
        assert f'<link rel="canonical" href="http://{dom["hostname"]}/">' in home.text
        assert 'href="/document/imprint"' in home.text  # the domain's own address, no /s/{username}
        about_page = await c.get("/about", headers=host)
        assert about_page.status_code == 200
        assert f'<link rel="canonical" href="http://{dom["hostname"]}/about">' in about_page.text
        doc = await c.get("/document/imprint", headers=host)
        assert doc.status_code == 200 and "Torstraße 1" in doc.text
        sitemap = (await c.get("/sitemap.xml", headers=host)).text
        assert f"<loc>http://{dom['hostname']}/about</loc>" in sitemap
        # the same pages on Sellflow's own host keep their prefix
        assert 'href="/s/' in (await c.get(f"/s/{seller.username}")).text
