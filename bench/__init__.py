"""Benchmarks of Sellflow against bare Temporal workflows of the same shape (`python -m bench.checkout`)."""
