-- Contacts read page after page in name order (exports and the list call, issue 25): one
-- index walk per page instead of sorting the whole phonebook each time.
CREATE INDEX contacts_live_name ON contacts (owner_member_id, name, id) WHERE deleted_at IS NULL;
