-- Who last wrote each merged field of a brand's item (decision 1062, amended 2026-11-27):
-- several admins edit one brand post, so a value another admin's later write replaces is kept
-- as a conflict for the admin who wrote it, not for the one whose write won. A member's own
-- items need no record: every write there is the member's.
CREATE TABLE content_field_writers (
  entity text NOT NULL,
  row_id uuid NOT NULL,
  writers jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (entity, row_id)
);
