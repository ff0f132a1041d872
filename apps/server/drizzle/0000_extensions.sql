-- Trigram matching for case-insensitive substring search on product name and code.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
