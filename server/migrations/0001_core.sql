-- Core data model. Every mirrored row: uuid id, created/updated times, a server change
-- sequence and a soft-delete tombstone.

CREATE SEQUENCE IF NOT EXISTS change_seq AS bigint;

-- Change sequence numbers are handed out under a transaction-scoped lock, so the order of
-- numbers equals the order of commits and a pull cursor never skips a late commit.
CREATE OR REPLACE FUNCTION stamp_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(804211);
  NEW.change_seq := nextval('change_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TABLE agencies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  url_minify text NOT NULL UNIQUE,
  theme text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TABLE members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL DEFAULT 'personal' CHECK (type IN ('personal', 'organization', 'agency')),
  email text UNIQUE,
  phone text UNIQUE,
  password_hash text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'locked')),
  name text NOT NULL,
  short_name text,
  url_minify text NOT NULL UNIQUE,
  theme text,
  theme_type text NOT NULL DEFAULT 'list' CHECK (theme_type IN ('list', 'square')),
  language text NOT NULL DEFAULT 'VN' CHECK (language IN ('VN', 'EN')),
  intro text,
  job_title text,
  workplace text,
  address text,
  about_me text,
  avatar_url text,
  banner_url text,
  background_url text,
  contact_phone text,
  other_phone text,
  contact_email text,
  website text,
  zalo text,
  interests jsonb NOT NULL DEFAULT '[]',
  business_sectors jsonb NOT NULL DEFAULT '[]',
  company_info text,
  banks jsonb NOT NULL DEFAULT '[]',
  links jsonb NOT NULL DEFAULT '[]',
  videos jsonb NOT NULL DEFAULT '[]',
  agency_id uuid REFERENCES agencies(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

-- Brands and groups (spec: "Brand or group"), shown under /mbg.
CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL DEFAULT 'brand' CHECK (kind IN ('brand', 'group')),
  name text NOT NULL,
  note text,
  images_url text,
  language text NOT NULL DEFAULT 'VN' CHECK (language IN ('VN', 'EN')),
  url_minify text NOT NULL UNIQUE,
  agency_id uuid REFERENCES agencies(id),
  owner_member_id uuid REFERENCES members(id),
  layout_permission text NOT NULL DEFAULT 'FULL' CHECK (layout_permission IN ('FULL', 'LIMIT')),
  theme text,
  theme_type text NOT NULL DEFAULT 'list' CHECK (theme_type IN ('list', 'square')),
  profile jsonb NOT NULL DEFAULT '{}',
  points_per_thousand integer NOT NULL DEFAULT 1 CHECK (points_per_thousand >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TABLE group_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups(id),
  member_id uuid NOT NULL REFERENCES members(id),
  role text NOT NULL CHECK (role IN ('admin', 'seller', 'member')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'requested')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  UNIQUE (group_id, member_id)
);

CREATE TABLE agency_admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id),
  member_id uuid NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agency_id, member_id)
);

CREATE TABLE theme_styles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('personal', 'organization', 'agency')),
  group_id uuid REFERENCES groups(id),
  agency_id uuid REFERENCES agencies(id),
  name text NOT NULL,
  color text NOT NULL,
  color_name text NOT NULL,
  value jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Posts, products, activities and relics belong to a member or to a brand/group.
CREATE TABLE posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  type text NOT NULL CHECK (type IN ('news', 'opportunity', 'event', 'document')),
  title text NOT NULL,
  content text NOT NULL,
  image_url text,
  ordinal integer NOT NULL DEFAULT 0,
  start_date date,
  outstanding boolean NOT NULL DEFAULT false,
  policy text NOT NULL DEFAULT 'public' CHECK (policy IN ('public', 'friend', 'private')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  type text NOT NULL CHECK (type IN ('sell', 'buy', 'service', 'ma', 'product', 'project', 'exhibition', 'achievement')),
  child_type text NOT NULL,
  child_career text,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  listed_price bigint,
  price bigint,
  quantity integer,
  contact_url text,
  origin text,
  customs_code text,
  certificate text,
  shop_type text,
  shop_link text,
  images jsonb NOT NULL DEFAULT '[]',
  outstanding boolean NOT NULL DEFAULT false,
  policy text NOT NULL DEFAULT 'public' CHECK (policy IN ('public', 'friend', 'private')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);

CREATE TABLE activities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  type text NOT NULL,
  display_name text NOT NULL,
  link text,
  content text,
  details jsonb NOT NULL DEFAULT '{}',
  ordinal integer NOT NULL DEFAULT 0,
  policy text NOT NULL DEFAULT 'public' CHECK (policy IN ('public', 'friend', 'private')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);

CREATE TABLE relics (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  images jsonb NOT NULL DEFAULT '[]',
  policy text NOT NULL DEFAULT 'public' CHECK (policy IN ('public', 'friend', 'private')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);

CREATE TABLE posters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  view_type text NOT NULL CHECK (view_type IN ('showroom', 'activities', 'posts', 'other')),
  start_date date NOT NULL,
  end_date date NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  images jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK (start_date < end_date),
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);

CREATE TABLE friendships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  from_member_id uuid NOT NULL REFERENCES members(id),
  to_member_id uuid NOT NULL REFERENCES members(id),
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled', 'removed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK (from_member_id <> to_member_id)
);
-- One live relation per pair, whichever side asked.
CREATE UNIQUE INDEX friendships_live_pair ON friendships (
  LEAST(from_member_id, to_member_id), GREATEST(from_member_id, to_member_id)
) WHERE deleted_at IS NULL;

CREATE TABLE contacts (
  id uuid PRIMARY KEY,
  owner_member_id uuid NOT NULL REFERENCES members(id),
  card_member_id uuid REFERENCES members(id),
  name text NOT NULL,
  phone text,
  email text,
  company text,
  job_title text,
  address text,
  note text,
  card_snapshot jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TABLE order_groups (
  id uuid PRIMARY KEY,
  seller_group_id uuid NOT NULL REFERENCES groups(id),
  buyer_member_id uuid NOT NULL REFERENCES members(id),
  staff_member_id uuid NOT NULL REFERENCES members(id),
  title text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

-- Points are an append-only ledger: balances are sums, never a stored number.
CREATE TABLE point_entries (
  id uuid PRIMARY KEY,
  seller_group_id uuid NOT NULL REFERENCES groups(id),
  buyer_member_id uuid NOT NULL REFERENCES members(id),
  staff_member_id uuid NOT NULL REFERENCES members(id),
  order_group_id uuid REFERENCES order_groups(id),
  invoice_number text NOT NULL,
  invoice_value bigint NOT NULL CHECK (invoice_value >= 0),
  accumulated_points bigint NOT NULL CHECK (accumulated_points >= 0),
  deducted_points bigint NOT NULL DEFAULT 0 CHECK (deducted_points >= 0),
  payment_amount bigint NOT NULL,
  note text,
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE INDEX point_entries_buyer ON point_entries (buyer_member_id, seller_group_id);
CREATE INDEX point_entries_seller ON point_entries (seller_group_id, recorded_at);

CREATE TABLE check_ins (
  id uuid PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups(id),
  member_id uuid NOT NULL REFERENCES members(id),
  staff_member_id uuid NOT NULL REFERENCES members(id),
  checked_in_at timestamptz NOT NULL,
  duplicate_of uuid REFERENCES check_ins(id),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE INDEX check_ins_group ON check_ins (group_id, checked_in_at);

CREATE TABLE tracking_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  action text NOT NULL,
  value text NOT NULL,
  visitor_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_events_member ON tracking_events (member_id, created_at);

-- Refresh tokens: only their hash is kept; a family is one login's chain of rotations.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  family_expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  user_agent text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sessions_family ON auth_sessions (family_id);
CREATE INDEX auth_sessions_member ON auth_sessions (member_id);

-- Idempotency keys are kept for good, in the same transaction as the effect they guard.
CREATE TABLE idempotency_keys (
  member_id uuid NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, key)
);

CREATE TRIGGER agencies_change BEFORE INSERT OR UPDATE ON agencies FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER members_change BEFORE INSERT OR UPDATE ON members FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER groups_change BEFORE INSERT OR UPDATE ON groups FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER group_members_change BEFORE INSERT OR UPDATE ON group_members FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER posts_change BEFORE INSERT OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER products_change BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER activities_change BEFORE INSERT OR UPDATE ON activities FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER relics_change BEFORE INSERT OR UPDATE ON relics FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER posters_change BEFORE INSERT OR UPDATE ON posters FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER friendships_change BEFORE INSERT OR UPDATE ON friendships FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER contacts_change BEFORE INSERT OR UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER order_groups_change BEFORE INSERT OR UPDATE ON order_groups FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER point_entries_change BEFORE INSERT OR UPDATE ON point_entries FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE TRIGGER check_ins_change BEFORE INSERT OR UPDATE ON check_ins FOR EACH ROW EXECUTE FUNCTION stamp_change();

CREATE INDEX members_change_seq ON members (change_seq);
CREATE INDEX friendships_change_seq ON friendships (change_seq);
CREATE INDEX contacts_owner_seq ON contacts (owner_member_id, change_seq);
CREATE INDEX point_entries_change_seq ON point_entries (change_seq);
CREATE INDEX check_ins_change_seq ON check_ins (change_seq);
