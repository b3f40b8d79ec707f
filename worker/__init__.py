"""The Temporal worker entry point."""
