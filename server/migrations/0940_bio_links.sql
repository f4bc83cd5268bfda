-- A member's bio link page items (decision 0940): links and buttons shown at /bio/{urlMinify},
-- ordered, on or off, optionally scheduled. Mirrored by the delta pull, written through the
-- mutation registry; clicks are tracking events (action 'biolink-click', value: the address).
CREATE TABLE bio_links (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  title text NOT NULL,
  url text NOT NULL,
  kind text NOT NULL DEFAULT 'link' CHECK (kind IN ('link', 'button')),
  ordinal integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  show_from timestamptz,
  show_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER bio_links_change BEFORE INSERT OR UPDATE ON bio_links
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX bio_links_member_seq ON bio_links (member_id, change_seq);
CREATE INDEX bio_links_change_seq ON bio_links (change_seq);
CREATE INDEX tracking_events_bio_link_clicks ON tracking_events (member_id, value)
  WHERE action = 'biolink-click';
