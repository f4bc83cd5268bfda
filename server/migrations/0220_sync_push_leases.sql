-- One push at a time per member across every server copy (docs/decisions/0206-…): a row is a
-- lease held while a push runs; a copy that died mid-push loses it when it expires.
CREATE TABLE sync_push_leases (
  member_id uuid PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
