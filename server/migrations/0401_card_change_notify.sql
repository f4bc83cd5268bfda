-- Public card pages are kept rendered by every server process until their card changes
-- (decision 0402): after commit, a write to a card's rows tells every listening process which
-- card changed (the member's or the brand's id); a change to theme styles, which many cards
-- share, says '*'. NOTIFY folds identical payloads of one transaction into one message.
CREATE OR REPLACE FUNCTION notify_card_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME IN ('members', 'groups') THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('card_changed', OLD.id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('card_changed', NEW.id::text); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('card_changed', coalesce(OLD.member_id, OLD.group_id)::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('card_changed', coalesce(NEW.member_id, NEW.group_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION notify_all_cards_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('card_changed', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER members_card_change AFTER INSERT OR UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER groups_card_change AFTER INSERT OR UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER posts_card_change AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER products_card_change AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER activities_card_change AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER relics_card_change AFTER INSERT OR UPDATE OR DELETE ON relics
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
CREATE TRIGGER theme_styles_card_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON theme_styles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_cards_change();
