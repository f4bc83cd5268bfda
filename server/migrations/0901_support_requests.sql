-- Support requests (decision 0901): written by members (offline too, client-made ids), mirrored
-- back to their author, read and closed by the operator's staff (agency admins).
CREATE TABLE support_requests (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  topic text NOT NULL CHECK (topic IN ('share', 'contact', 'install', 'offline', 'account', 'other')),
  message text NOT NULL,
  contact text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  closed_by uuid REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER support_requests_change BEFORE INSERT OR UPDATE ON support_requests
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX support_requests_member_seq ON support_requests (member_id, change_seq);
CREATE INDEX support_requests_change_seq ON support_requests (change_seq);
CREATE INDEX support_requests_inbox ON support_requests (status, created_at DESC);
