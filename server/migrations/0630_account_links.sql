-- A member's bank accounts, links and videos become rows of their own (decision 0630): ordered,
-- hideable, soft-deleted, mirrored by the delta pull and written through the mutation registry.
CREATE TABLE account_links (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('bank', 'link', 'video')),
  title text,
  url text,
  bank_bin text,
  bank_name text,
  owner_name text,
  account_number text,
  ordinal integer NOT NULL DEFAULT 0,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER account_links_change BEFORE INSERT OR UPDATE ON account_links
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX account_links_member_seq ON account_links (member_id, change_seq);
CREATE INDEX account_links_change_seq ON account_links (change_seq);
CREATE INDEX account_links_card ON account_links (member_id, ordinal) WHERE deleted_at IS NULL;

-- A changed row changes its owner's public card (decision 0402).
CREATE OR REPLACE FUNCTION notify_account_link_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('card_changed', OLD.member_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('card_changed', NEW.member_id::text); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER account_links_card_change AFTER INSERT OR UPDATE OR DELETE ON account_links
  FOR EACH ROW EXECUTE FUNCTION notify_account_link_change();

-- The profile's arrays, in their order, become rows (banks first, then links, then videos).
INSERT INTO account_links (id, member_id, kind, bank_name, owner_name, account_number, ordinal)
SELECT gen_random_uuid(), m.id, 'bank', b.item->>'bankName', b.item->>'ownerName',
       b.item->>'accountNumber', b.pos - 1
FROM members m, jsonb_array_elements(m.banks) WITH ORDINALITY AS b(item, pos)
WHERE jsonb_typeof(m.banks) = 'array' AND coalesce(b.item->>'accountNumber', '') <> '';

INSERT INTO account_links (id, member_id, kind, title, url, ordinal)
SELECT gen_random_uuid(), m.id, 'link', nullif(l.item->>'title', ''), l.item->>'url',
       jsonb_array_length(m.banks) + l.pos - 1
FROM members m, jsonb_array_elements(m.links) WITH ORDINALITY AS l(item, pos)
WHERE jsonb_typeof(m.links) = 'array' AND coalesce(l.item->>'url', '') <> '';

INSERT INTO account_links (id, member_id, kind, url, ordinal)
SELECT gen_random_uuid(), m.id, 'video', v.item #>> '{}',
       jsonb_array_length(m.banks) + jsonb_array_length(m.links) + v.pos - 1
FROM members m, jsonb_array_elements(m.videos) WITH ORDINALITY AS v(item, pos)
WHERE jsonb_typeof(m.videos) = 'array' AND jsonb_typeof(v.item) = 'string';
