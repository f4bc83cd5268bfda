-- How far tombstones have been purged: a pull cursor below purged_through_seq may have missed a
-- delete, so the client must resync from zero (docs/decisions/0200-…).
CREATE TABLE sync_tombstone_purges (
  id integer PRIMARY KEY CHECK (id = 1),
  purged_through_seq bigint NOT NULL DEFAULT 0,
  purged_at timestamptz
);
INSERT INTO sync_tombstone_purges (id, purged_through_seq) VALUES (1, 0);
