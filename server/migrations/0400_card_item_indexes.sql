-- A card's items by owner: the card page and the read API filter every list by its owner.
CREATE INDEX IF NOT EXISTS posts_member_seq ON posts (member_id, change_seq);
CREATE INDEX IF NOT EXISTS posts_group_seq ON posts (group_id, change_seq);
CREATE INDEX IF NOT EXISTS products_member_seq ON products (member_id, change_seq);
CREATE INDEX IF NOT EXISTS products_group_seq ON products (group_id, change_seq);
CREATE INDEX IF NOT EXISTS activities_member_seq ON activities (member_id, change_seq);
CREATE INDEX IF NOT EXISTS activities_group_seq ON activities (group_id, change_seq);
CREATE INDEX IF NOT EXISTS relics_member_seq ON relics (member_id, change_seq);
CREATE INDEX IF NOT EXISTS relics_group_seq ON relics (group_id, change_seq);
