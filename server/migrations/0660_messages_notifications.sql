-- Messages, notifications, push tokens and the live poke (decision 0660).
--
-- A message is stored once per participant (the sender's copy and each receiver's copy), so
-- reading, hiding and deleting are per member, a member's devices mirror only their own copies,
-- and a bcc list exists only on the sender's copy.
CREATE TABLE message_copies (
  id uuid PRIMARY KEY,
  owner_member_id uuid NOT NULL REFERENCES members(id),
  message_id uuid NOT NULL,
  group_message_id uuid NOT NULL,
  sender_member_id uuid NOT NULL REFERENCES members(id),
  to_ids jsonb NOT NULL DEFAULT '[]',
  cc_ids jsonb NOT NULL DEFAULT '[]',
  bcc_ids jsonb NOT NULL DEFAULT '[]',
  body text NOT NULL,
  sent_at timestamptz NOT NULL,
  read_at timestamptz,
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  UNIQUE (message_id, owner_member_id)
);
CREATE INDEX message_copies_owner_seq ON message_copies (owner_member_id, change_seq);
CREATE INDEX message_copies_thread ON message_copies (owner_member_id, group_message_id, sent_at);
CREATE TRIGGER message_copies_change BEFORE INSERT OR UPDATE ON message_copies
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  agency_id uuid,
  kind text NOT NULL,
  actor_member_id uuid REFERENCES members(id),
  actor_name text,
  subject_id text,
  link text,
  params jsonb NOT NULL DEFAULT '{}',
  opened_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE INDEX notifications_member_seq ON notifications (member_id, change_seq);
CREATE INDEX notifications_member_created ON notifications (member_id, created_at DESC);
CREATE TRIGGER notifications_change BEFORE INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION stamp_change();

-- Pushes waiting to be sent: any server process that hears 'push_pending' claims rows with
-- SKIP LOCKED, so each push leaves exactly once whichever process is awake.
CREATE TABLE push_jobs (
  notification_id uuid PRIMARY KEY REFERENCES notifications(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id),
  attempts integer NOT NULL DEFAULT 0,
  not_before timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A device's push address: an FCM registration token, or a standard Web Push subscription
-- (its JSON). One token belongs to one member at a time.
CREATE TABLE push_tokens (
  token text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_tokens_member ON push_tokens (member_id);

-- Which events push (spec issue: messages, friends, points); absent means all.
CREATE TABLE push_settings (
  member_id uuid PRIMARY KEY REFERENCES members(id),
  messages boolean NOT NULL DEFAULT true,
  friends boolean NOT NULL DEFAULT true,
  points boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Live pokes: after commit, every server process hears which member has something new and
-- tells that member's open apps to pull. NOTIFY folds equal payloads of a transaction.
CREATE OR REPLACE FUNCTION notify_member_poke() RETURNS trigger AS $$
DECLARE
  col text;
  member text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    member := to_jsonb(NEW) ->> col;
    IF member IS NOT NULL THEN PERFORM pg_notify('member_poke', member); END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER message_copies_poke AFTER INSERT OR UPDATE ON message_copies
  FOR EACH ROW EXECUTE FUNCTION notify_member_poke('owner_member_id');
CREATE TRIGGER notifications_poke AFTER INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_member_poke('member_id');
CREATE TRIGGER friendships_poke AFTER INSERT OR UPDATE ON friendships
  FOR EACH ROW EXECUTE FUNCTION notify_member_poke('from_member_id', 'to_member_id');

CREATE OR REPLACE FUNCTION notify_push_pending() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('push_pending', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER push_jobs_pending AFTER INSERT ON push_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_push_pending();
