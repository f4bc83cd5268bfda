-- The member's form data (spec §7 getFormDataByMemberId / updateFormDataByMemberId, decision
-- 1121): the fields of the member's registration form, `[{ label, type, required }]`, as a
-- brand's `groups.form_data` (migration 0640).
ALTER TABLE members ADD COLUMN form_data jsonb NOT NULL DEFAULT '[]'::jsonb;
