-- Lookups of the points ledger and check-in logs: balance and history per buyer, duplicate
-- check-ins per member and group, order group totals, staff roles per member.
CREATE INDEX IF NOT EXISTS check_ins_member_group ON check_ins (member_id, group_id, checked_in_at);
CREATE INDEX IF NOT EXISTS point_entries_order_group ON point_entries (order_group_id);
CREATE INDEX IF NOT EXISTS order_groups_seller ON order_groups (seller_group_id, created_at);
CREATE INDEX IF NOT EXISTS order_groups_buyer ON order_groups (buyer_member_id);
CREATE INDEX IF NOT EXISTS order_groups_change_seq ON order_groups (change_seq);
CREATE INDEX IF NOT EXISTS group_members_member ON group_members (member_id, change_seq);
