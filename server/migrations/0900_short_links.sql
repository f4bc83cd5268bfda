-- A member's short links (decision 0900): /smc/{slug} redirects to the target and counts the
-- click in tracking_events. Soft-deleted rows keep their slug, so a printed link never starts
-- pointing somewhere else; mirrored by the delta pull, written through the mutation registry.
CREATE TABLE short_links (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  slug text NOT NULL UNIQUE,
  target text NOT NULL,
  title text,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER short_links_change BEFORE INSERT OR UPDATE ON short_links
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX short_links_member_seq ON short_links (member_id, change_seq);
CREATE INDEX short_links_change_seq ON short_links (change_seq);
-- Clicks are counted per owner and slug (the statistics read the same events).
CREATE INDEX tracking_events_short_link_clicks ON tracking_events (member_id, value)
  WHERE action = 'short_link_click';
