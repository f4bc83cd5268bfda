-- Conflicts of the per-field merge (decision 1062): a value another device's later write
-- replaced, or an edit that arrived for a deleted row. Kept for the member to choose; mirrored
-- by the delta pull; resolving one sets resolution and deleted_at (its tombstone).
CREATE TABLE sync_conflicts (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  entity text NOT NULL,
  row_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('field', 'deleted')),
  label text NOT NULL DEFAULT '',
  lost jsonb NOT NULL,
  written jsonb,
  writer_client_id text,
  resolution text CHECK (resolution IN ('written', 'lost', 'restore', 'dismiss')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER sync_conflicts_change BEFORE INSERT OR UPDATE ON sync_conflicts
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX sync_conflicts_member_seq ON sync_conflicts (member_id, change_seq);
CREATE INDEX sync_conflicts_change_seq ON sync_conflicts (change_seq);
CREATE INDEX sync_conflicts_open_row ON sync_conflicts (member_id, entity, row_id)
  WHERE deleted_at IS NULL;
