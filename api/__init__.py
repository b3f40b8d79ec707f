"""The thin FastAPI layer: authenticate, validate, read lists, start/signal/update/query workflows."""
