-- Live pokes (decision 0660) once per statement instead of once per row: a batch push writes
-- 100 notifications in one statement, and a row trigger ran to_jsonb and pg_notify for each.
-- The members of the statement's rows (its transition table) are poked once each; NOTIFY still
-- goes out on commit only. Two triggers per table: a transition table serves one event.
CREATE OR REPLACE FUNCTION notify_member_pokes() RETURNS trigger AS $$
DECLARE
  col text;
  member text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    FOR member IN EXECUTE format(
      'SELECT DISTINCT %I::text FROM changed_rows WHERE %I IS NOT NULL', col, col)
    LOOP
      PERFORM pg_notify('member_poke', member);
    END LOOP;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER message_copies_poke ON message_copies;
DROP TRIGGER notifications_poke ON notifications;
DROP TRIGGER friendships_poke ON friendships;
DROP FUNCTION notify_member_poke();

CREATE TRIGGER message_copies_poke_insert AFTER INSERT ON message_copies
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('owner_member_id');
CREATE TRIGGER message_copies_poke_update AFTER UPDATE ON message_copies
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('owner_member_id');
CREATE TRIGGER notifications_poke_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('member_id');
CREATE TRIGGER notifications_poke_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('member_id');
CREATE TRIGGER friendships_poke_insert AFTER INSERT ON friendships
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('from_member_id', 'to_member_id');
CREATE TRIGGER friendships_poke_update AFTER UPDATE ON friendships
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_member_pokes('from_member_id', 'to_member_id');
