"""Custom domains and platform subdomains: the rows the seller creates, and the Domain SSL workflow's projection
(state, record state, history, certificates)."""
