"""Temporal workflows: deterministic, no I/O. One module per process (DESIGN.md's catalogue)."""
