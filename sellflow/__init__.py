"""Sellflow: shared settings and the command-line entry point."""
