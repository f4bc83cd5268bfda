-- Push settings live with the member's own profile (decision 0662): edited offline through
-- profile.setPushSettings and pulled with the `profile` mirror. Only the topics a member chose
-- are stored; a topic never chosen pushes.
ALTER TABLE members ADD COLUMN push_settings jsonb NOT NULL DEFAULT '{}'::jsonb;

UPDATE members m
SET push_settings = jsonb_build_object('messages', s.messages, 'friends', s.friends, 'points', s.points)
FROM push_settings s
WHERE s.member_id = m.id;

DROP TABLE push_settings;
