-- Which device's push wrote a ledger row (decision 0208): the pull leaves a row out for the
-- device that wrote it, which already holds the server's row from the push's answer. A later
-- change of the row that does not name its device clears the mark, so every device pulls it.
ALTER TABLE point_entries ADD COLUMN origin_client_id text;
ALTER TABLE check_ins ADD COLUMN origin_client_id text;

CREATE OR REPLACE FUNCTION clear_row_origin() RETURNS trigger AS $$
BEGIN
  IF NEW.origin_client_id IS NOT DISTINCT FROM OLD.origin_client_id THEN
    NEW.origin_client_id := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER point_entries_origin BEFORE UPDATE ON point_entries
  FOR EACH ROW EXECUTE FUNCTION clear_row_origin();
CREATE TRIGGER check_ins_origin BEFORE UPDATE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION clear_row_origin();
