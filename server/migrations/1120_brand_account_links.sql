-- A brand's banks, links and videos become account-link rows keyed by the group, as a member's
-- are (decision 1120); the group's profile JSON no longer holds them. The brand's short intro is
-- one field, `note` (spec §3), not also `profile.intro`. The members' old JSON columns, unread
-- since decision 0630, go.
ALTER TABLE account_links ALTER COLUMN member_id DROP NOT NULL;
ALTER TABLE account_links ADD COLUMN group_id uuid REFERENCES groups(id);
ALTER TABLE account_links ADD CONSTRAINT account_links_one_owner
  CHECK ((member_id IS NULL) <> (group_id IS NULL));
CREATE INDEX account_links_group_card ON account_links (group_id, ordinal)
  WHERE deleted_at IS NULL AND group_id IS NOT NULL;

-- A changed row changes its owner's public card, a member's or a brand's (decision 0402).
CREATE OR REPLACE FUNCTION notify_account_link_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('card_changed', coalesce(OLD.member_id, OLD.group_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('card_changed', coalesce(NEW.member_id, NEW.group_id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- The group profile's arrays, in their order, become rows (banks first, then links, videos).
INSERT INTO account_links (id, group_id, kind, bank_bin, bank_name, owner_name, account_number,
                           ordinal)
SELECT gen_random_uuid(), g.id, 'bank', nullif(b.item->>'bin', ''), b.item->>'bankName',
       b.item->>'ownerName', b.item->>'accountNumber', b.pos - 1
FROM groups g, jsonb_array_elements(g.profile->'banks') WITH ORDINALITY AS b(item, pos)
WHERE jsonb_typeof(g.profile->'banks') = 'array'
  AND jsonb_typeof(b.item) = 'object'
  AND coalesce(b.item->>'accountNumber', '') <> '';

INSERT INTO account_links (id, group_id, kind, title, url, ordinal)
SELECT gen_random_uuid(), g.id, 'link', nullif(l.item->>'title', ''), l.item->>'url',
       CASE WHEN jsonb_typeof(g.profile->'banks') = 'array'
            THEN jsonb_array_length(g.profile->'banks') ELSE 0 END + l.pos - 1
FROM groups g, jsonb_array_elements(g.profile->'links') WITH ORDINALITY AS l(item, pos)
WHERE jsonb_typeof(g.profile->'links') = 'array'
  AND jsonb_typeof(l.item) = 'object'
  AND coalesce(l.item->>'url', '') <> '';

INSERT INTO account_links (id, group_id, kind, url, ordinal)
SELECT gen_random_uuid(), g.id, 'video', v.item #>> '{}',
       CASE WHEN jsonb_typeof(g.profile->'banks') = 'array'
            THEN jsonb_array_length(g.profile->'banks') ELSE 0 END
     + CASE WHEN jsonb_typeof(g.profile->'links') = 'array'
            THEN jsonb_array_length(g.profile->'links') ELSE 0 END + v.pos - 1
FROM groups g, jsonb_array_elements(g.profile->'videos') WITH ORDINALITY AS v(item, pos)
WHERE jsonb_typeof(g.profile->'videos') = 'array'
  AND jsonb_typeof(v.item) = 'string'
  AND v.item #>> '{}' <> '';

-- The intro a brand had only in its profile becomes its note; the profile key goes.
UPDATE groups SET note = btrim(profile->>'intro')
WHERE coalesce(btrim(note), '') = '' AND coalesce(btrim(profile->>'intro'), '') <> '';

UPDATE groups SET profile = profile - 'banks' - 'links' - 'videos' - 'intro'
WHERE profile ?| array['banks', 'links', 'videos', 'intro'];

ALTER TABLE members DROP COLUMN banks;
ALTER TABLE members DROP COLUMN links;
ALTER TABLE members DROP COLUMN videos;
