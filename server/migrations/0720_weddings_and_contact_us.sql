-- Wedding invitations with guests' replies, and contact-us messages (decisions 0720, 0721).
-- All three are mirrored on their owner's devices by the delta pull (change_seq, tombstones).
CREATE TABLE weddings (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  type text NOT NULL DEFAULT 'WEDDING' CHECK (type = 'WEDDING'),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  grooms_family jsonb NOT NULL,
  brides_family jsonb NOT NULL,
  grooms_bank jsonb,
  brides_bank jsonb,
  wedding_day jsonb NOT NULL,
  wedding_party_day jsonb NOT NULL,
  venue text,
  party_venue text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE TRIGGER weddings_change BEFORE INSERT OR UPDATE ON weddings
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX weddings_member_seq ON weddings (member_id, change_seq);
CREATE INDEX weddings_change_seq ON weddings (change_seq);

-- A reply's id is made by the guest's browser: a resend (offline queue) is the same reply.
CREATE TABLE wedding_guests (
  id uuid PRIMARY KEY,
  wedding_id uuid NOT NULL REFERENCES weddings(id),
  member_id uuid NOT NULL REFERENCES members(id),
  name text NOT NULL,
  phone text,
  attending boolean NOT NULL,
  people integer NOT NULL DEFAULT 1 CHECK (people BETWEEN 1 AND 20),
  wishes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE TRIGGER wedding_guests_change BEFORE INSERT OR UPDATE ON wedding_guests
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX wedding_guests_member_seq ON wedding_guests (member_id, change_seq);
CREATE INDEX wedding_guests_change_seq ON wedding_guests (change_seq);
CREATE INDEX wedding_guests_wedding ON wedding_guests (wedding_id, created_at);

CREATE TABLE contact_us_messages (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  name text NOT NULL,
  phone text,
  email text,
  message text NOT NULL,
  read_at timestamptz,
  contacted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE TRIGGER contact_us_messages_change BEFORE INSERT OR UPDATE ON contact_us_messages
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX contact_us_member_seq ON contact_us_messages (member_id, change_seq);
CREATE INDEX contact_us_change_seq ON contact_us_messages (change_seq);
CREATE INDEX contact_us_inbox ON contact_us_messages (member_id, created_at DESC)
  WHERE deleted_at IS NULL;
