-- A friendship row carries the other member's name, short link, avatar and job title to the
-- devices that mirror it. When those change, the member's live friendship rows take a new
-- change number so the next pull brings the new facts.
CREATE OR REPLACE FUNCTION touch_friendships_of_member() RETURNS trigger AS $$
BEGIN
  IF (NEW.name, NEW.url_minify, NEW.avatar_url, NEW.job_title, NEW.workplace)
     IS DISTINCT FROM (OLD.name, OLD.url_minify, OLD.avatar_url, OLD.job_title, OLD.workplace) THEN
    UPDATE friendships SET updated_at = now()
      WHERE (from_member_id = NEW.id OR to_member_id = NEW.id) AND deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER members_touch_friendships AFTER UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION touch_friendships_of_member();
