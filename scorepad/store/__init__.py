"""The store: SQLModel tables in SQLite (default) or PostgreSQL, written one transaction a command."""
