"""Who may be paid: the seller profile and its legitimation (KYC)."""
