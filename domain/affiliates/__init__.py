"""Affiliate programs, their publishers and commissions, embeddable items, resellers."""
