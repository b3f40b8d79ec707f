"""Recurring money: the billing calendar, subscriptions, claims and collection, plan previews, recovery, the platform's own invoices."""
