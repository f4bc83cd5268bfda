-- Short links a card had before: /me/{old} and /mbg/{old} keep answering with a permanent
-- redirect to the current link, so printed QR codes never break. An old link stays its
-- owner's (nobody else can take it); the owner may take it back.
CREATE TABLE url_minify_history (
  url_minify text PRIMARY KEY,
  member_id uuid REFERENCES members(id),
  group_id uuid REFERENCES groups(id),
  replaced_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((member_id IS NULL) <> (group_id IS NULL))
);
CREATE INDEX url_minify_history_member ON url_minify_history (member_id);
CREATE INDEX url_minify_history_group ON url_minify_history (group_id);

-- The brand's form (spec: updateFormDataBaDbyBaDId / getFormDataByBrandAndGroupId): the list
-- of fields visitors fill in, [{ label, type, required }].
ALTER TABLE groups ADD COLUMN form_data jsonb NOT NULL DEFAULT '[]';
