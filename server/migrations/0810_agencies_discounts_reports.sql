-- Agencies (decision 0810): discount offers of a group and their uses on point entries, the
-- monthly association reports of groups, an agency's explore directory and its recommended
-- products.

-- A discount a group offers its members (spec "discount group"): a percentage, a validity
-- window in Vietnam days, switched on and off by the group's admins; mirrored to the devices of
-- the group's members and staff (delta pull), so a seller can apply one offline.
CREATE TABLE discount_groups (
  id uuid PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  CHECK (valid_from <= valid_to)
);
CREATE TRIGGER discount_groups_change BEFORE INSERT OR UPDATE ON discount_groups
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX discount_groups_group ON discount_groups (group_id) WHERE deleted_at IS NULL;
CREATE INDEX discount_groups_change_seq ON discount_groups (change_seq);

-- A discount applied to one point entry (spec "discount"): written in the point entry's
-- transaction, at most one per entry.
CREATE TABLE discounts (
  id uuid PRIMARY KEY REFERENCES point_entries(id),
  discount_group_id uuid NOT NULL REFERENCES discount_groups(id),
  group_id uuid NOT NULL REFERENCES groups(id),
  member_id uuid NOT NULL REFERENCES members(id),
  staff_member_id uuid NOT NULL REFERENCES members(id),
  percent integer NOT NULL,
  invoice_value bigint NOT NULL,
  discount_amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discounts_group ON discounts (group_id, created_at);
CREATE INDEX discounts_member ON discounts (member_id, created_at);

-- One report per group per month (month is the first day of the month).
CREATE TABLE association_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups(id),
  month date NOT NULL,
  turnover bigint NOT NULL CHECK (turnover >= 0),
  domestic_revenue bigint NOT NULL CHECK (domestic_revenue >= 0),
  export_revenue bigint NOT NULL CHECK (export_revenue >= 0),
  export_markets jsonb NOT NULL DEFAULT '[]',
  filed_by uuid REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, month)
);

-- The companies of an agency's explore directory.
CREATE TABLE explore_companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies(id),
  name text NOT NULL,
  sector text NOT NULL DEFAULT '',
  province text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  card_url text NOT NULL DEFAULT '',
  ordinal integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX explore_companies_agency ON explore_companies (agency_id, ordinal) WHERE deleted_at IS NULL;

-- Products an agency's admins recommend, in their order.
CREATE TABLE agency_recommended_products (
  agency_id uuid NOT NULL REFERENCES agencies(id),
  product_id uuid NOT NULL REFERENCES products(id),
  ordinal integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, product_id)
);
