"""PostgreSQL through SQLAlchemy 2: models, migrations, queries and the generic list engine."""
