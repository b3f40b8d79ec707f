"""DNS: looking up the TXT records a seller sets (dnspython, against the resolver of SELLFLOW_DNS_RESOLVER) and
publishing the platform's own records (the subdomain's verification record and ACME DNS-01 challenges) in the zone
the platform controls. Locally both are the loopback DNS server of deploy/dns_server.py; in production the
resolver is a recursive resolver that does not cache (or the authoritative servers) and the zone is the DNS host's
API (Route 53, Cloudflare, …) behind the same `DnsZone` interface."""
