-- Trigram search on names and emails (issue 4 searches 100k investors by name and email).
CREATE EXTENSION IF NOT EXISTS pg_trgm;