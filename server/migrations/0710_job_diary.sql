-- A member's job diary (decision 0710): private to its owner, soft-deleted, mirrored by the
-- delta pull and written through the mutation registry (jobDiary.upsert / jobDiary.delete).
CREATE TABLE job_diary_entries (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  entry_date date NOT NULL,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER job_diary_entries_change BEFORE INSERT OR UPDATE ON job_diary_entries
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX job_diary_entries_member_seq ON job_diary_entries (member_id, change_seq);
CREATE INDEX job_diary_entries_change_seq ON job_diary_entries (change_seq);
CREATE INDEX job_diary_entries_member_day ON job_diary_entries (member_id, entry_date DESC)
  WHERE deleted_at IS NULL;
