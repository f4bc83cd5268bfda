-- Member management, customers and the staff roster (decisions 0800, 0801).

-- A brand's or group's customers: people its admins keep, optionally linked to a member card.
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups(id),
  member_id uuid REFERENCES members(id),
  name text NOT NULL,
  phone text,
  email text,
  note text,
  created_by uuid NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);
CREATE TRIGGER customers_change BEFORE INSERT OR UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX customers_group_name ON customers (group_id, name) WHERE deleted_at IS NULL;
CREATE INDEX customers_group_seq ON customers (group_id, change_seq);
CREATE INDEX customers_member ON customers (member_id);
-- One live customer per linked card in a group.
CREATE UNIQUE INDEX customers_group_member ON customers (group_id, member_id)
  WHERE deleted_at IS NULL AND member_id IS NOT NULL;

-- Who locked or unlocked an account, from which group, and when (the account's status is on
-- members.status; this is the trail).
CREATE TABLE member_status_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  status text NOT NULL CHECK (status IN ('active', 'locked')),
  by_member_id uuid NOT NULL REFERENCES members(id),
  group_id uuid NOT NULL REFERENCES groups(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_status_changes_member ON member_status_changes (member_id, created_at);

-- Member lists of a group, paged by name, and the staff roster pulled by change number.
CREATE INDEX group_members_group_status ON group_members (group_id, status, role)
  WHERE deleted_at IS NULL;
CREATE INDEX group_members_group_seq ON group_members (group_id, change_seq);

-- A roster row carries the member's name, short link, phone and avatar (and whether the account
-- is locked) to the staff devices that mirror it: when those change, the member's membership and
-- linked customer rows take a new change number so the next pull brings the new facts.
CREATE OR REPLACE FUNCTION touch_roster_of_member() RETURNS trigger AS $$
BEGIN
  IF (NEW.name, NEW.url_minify, NEW.avatar_url, NEW.phone, NEW.contact_phone, NEW.status,
      NEW.deleted_at)
     IS DISTINCT FROM (OLD.name, OLD.url_minify, OLD.avatar_url, OLD.phone, OLD.contact_phone,
      OLD.status, OLD.deleted_at) THEN
    UPDATE group_members SET updated_at = now() WHERE member_id = NEW.id AND deleted_at IS NULL;
    UPDATE customers SET updated_at = now() WHERE member_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER members_touch_roster AFTER UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION touch_roster_of_member();

-- Names matched as typed, without Vietnamese marks: lower case, marks and đ folded away
-- (the same rule as contract/member-management.ts searchKey).
CREATE OR REPLACE FUNCTION vn_fold(input text) RETURNS text AS $$
  SELECT translate(lower(input),
    'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ',
    'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

-- Member lists of large groups are searched and paged on group_members alone: each membership
-- carries its member's folded name, short link and phones, kept by triggers (decision 0801).
ALTER TABLE group_members ADD COLUMN search_key text NOT NULL DEFAULT '';

CREATE OR REPLACE FUNCTION member_search_key(member_id uuid) RETURNS text AS $$
  SELECT coalesce(
    (SELECT vn_fold(m.name) || ' ' || lower(m.url_minify) || ' ' || coalesce(m.phone, '')
       || ' ' || coalesce(m.contact_phone, '') FROM members m WHERE m.id = member_id),
    '')
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION fill_group_member_search_key() RETURNS trigger AS $$
BEGIN
  NEW.search_key := member_search_key(NEW.member_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER group_members_search_key BEFORE INSERT OR UPDATE ON group_members
  FOR EACH ROW EXECUTE FUNCTION fill_group_member_search_key();

UPDATE group_members SET search_key = member_search_key(member_id);
