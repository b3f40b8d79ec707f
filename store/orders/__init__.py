"""Orders and the money rows around them: models, queries (reads) and actions (past-tense, idempotent writes)."""
