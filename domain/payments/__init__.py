"""Payments: the methods a buyer pays with (`gateways`: what each can pay and how it flows) and their rules."""
