"""Orders, their checkout and their invoices."""
