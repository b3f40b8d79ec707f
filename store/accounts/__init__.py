"""Users, profiles, sellers and their tokens: models, queries and actions."""
