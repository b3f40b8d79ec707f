"""Accounts: users, profiles, sign-in rules, and closing an account."""
