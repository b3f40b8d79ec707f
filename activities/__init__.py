"""Activities: the I/O that workflows ask for. Each performs one idempotent side effect."""
