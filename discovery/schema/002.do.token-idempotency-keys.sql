-- A retried POST /tokens (the same Idempotency-Key) is answered with the token it made, not a
-- second one: the key is kept only as a SHA-256, and the token sealed with the key itself
-- (AES-256-GCM, src/tokens.mjs), for a day.
ALTER TABLE tokens
  ADD COLUMN idempotency_key_hash bytea UNIQUE,
  ADD COLUMN sealed_token bytea;
