-- A replayed push answers exactly what the first delivery answered (decision 0208): jsonb
-- reorders an object's keys, so a row answered again came back in another key order than the
-- same row answered or pulled the first time. json keeps the text as written (and is cheaper
-- to store; nothing queries into it).
ALTER TABLE idempotency_keys ALTER COLUMN response TYPE json USING response::json;
