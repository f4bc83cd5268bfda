-- Cards show their running posters (decision 0673): a poster's write must drop the rendered
-- pages of its card like any other item's (decision 0402).
CREATE TRIGGER posters_card_change AFTER INSERT OR UPDATE OR DELETE ON posters
  FOR EACH ROW EXECUTE FUNCTION notify_card_change();
