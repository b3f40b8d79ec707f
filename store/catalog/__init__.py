"""Products, pricing plans and files: models, queries and actions, always scoped to one seller."""
