"""Outside parties, one folder each behind one small interface with its own errors (DESIGN.md): `stripe/`,
`mail/`, `storage/`; later `kyc/`, `bank/`, `inkasso/`, `dns/`, `acme/`, `paypal/`. Local stand-ins implement
the same interface, so production swaps in the real adapter by setting."""
