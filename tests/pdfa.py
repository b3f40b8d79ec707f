"""What ISO 19005-3 (PDF/A-3) asks of a file, checked on its structure with pikepdf (qpdf): veraPDF, the reference
validator, is a Java program on no package index this machine reaches (docs/DECISIONS.md). Each check names its
clause; `pdfa3_faults` returns the ones a file breaks."""

from __future__ import annotations

import io
import re

import pikepdf

XMP_NAMESPACES_BUILT_IN = {
    "http://purl.org/dc/elements/1.1/",
    "http://ns.adobe.com/xap/1.0/",
    "http://ns.adobe.com/pdf/1.3/",
    "http://www.aiim.org/pdfa/ns/id/",
    "http://www.aiim.org/pdfa/ns/extension/",
    "http://www.aiim.org/pdfa/ns/schema#",
    "http://www.aiim.org/pdfa/ns/property#",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "adobe:ns:meta/",
    "http://www.w3.org/XML/1998/namespace",
}


def pdfa3_faults(data: bytes) -> list[str]:
    faults: list[str] = []
    if not re.match(rb"%PDF-1\.[0-7]\r?\n%[\x80-\xff]{4}", data):
        faults.append("6.1.2 header: %PDF-1.n and a comment of four binary bytes")
    pdf = pikepdf.open(io.BytesIO(data))
    if "/ID" not in pdf.trailer:
        faults.append("6.1.3 trailer: a file identifier")
    if pdf.is_encrypted:
        faults.append("6.1.3 no encryption")
    root = pdf.Root
    if "/Metadata" not in root:
        return [*faults, "6.6.2 the catalog's XMP metadata"]
    xmp = bytes(root.Metadata.read_bytes()).decode("utf-8")
    with pdf.open_metadata() as meta:
        if meta.get("pdfaid:part") != "3" or meta.get("pdfaid:conformance") not in ("A", "B", "U"):
            faults.append("6.6.4 pdfaid: part 3, a conformance level")
        info = pdf.docinfo
        for key, prop in (
            ("/Title", "dc:title"),
            ("/Producer", "pdf:Producer"),
            ("/Creator", "xmp:CreatorTool"),
        ):
            if key in info and str(info[key]) != str(meta.get(prop)):
                faults.append(f"6.6.3 document information {key} equal to XMP {prop}")
    declared = set(re.findall(r"<pdfaSchema:namespaceURI>([^<]+)</pdfaSchema:namespaceURI>", xmp))
    used = set(re.findall(r'xmlns:\w+="([^"]+)"', xmp)) - XMP_NAMESPACES_BUILT_IN
    faults += [f"6.6.2.3 XMP extension schema for {ns}" for ns in sorted(used - declared)]
    intents = [i for i in root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFA1"]
    if not intents or "/N" not in intents[0].get("/DestOutputProfile", {}):
        faults.append("6.2.3 an output intent GTS_PDFA1 with an ICC profile")
    for page in pdf.pages:
        for font in page.Resources.get("/Font", {}).values():
            fd = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
            if not any(k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                faults.append(f"6.2.11.4 font {font.get('/BaseFont')} embedded")
    af = {str(f.get("/F")) for f in root.get("/AF", [])}
    for name, spec in pdf.attachments.items():
        stream = spec.get_file().obj
        if "/AFRelationship" not in spec.obj:
            faults.append(f"6.8 {name}: an AFRelationship")
        if "/Subtype" not in stream or "/ModDate" not in stream.get("/Params", {}):
            faults.append(f"6.8 {name}: its MIME type and modification date")
        if name not in af:
            faults.append(f"6.8 {name}: associated with the document (catalog /AF)")
    if "/AA" in root or "/JavaScript" in root.get("/Names", {}):
        faults.append("6.6.1 no actions or JavaScript")
    return faults
