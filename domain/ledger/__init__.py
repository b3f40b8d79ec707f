"""Money after the sale: the ledger, bookkeeping exports, payouts, refunds."""
