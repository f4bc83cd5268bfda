-- One CV per member (decision 0711): the §5 fields, skills and hobbies, and who may see the
-- public page /cv/{memberId}. The row's id is the member's id. Written through cv.save.
CREATE TABLE member_cvs (
  id uuid PRIMARY KEY REFERENCES members(id),
  email text NOT NULL,
  phone text NOT NULL,
  gender text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
  date_of_birth date NOT NULL,
  address text NOT NULL,
  about_me text NOT NULL,
  skills jsonb NOT NULL DEFAULT '[]',
  hobbies jsonb NOT NULL DEFAULT '[]',
  visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'friend', 'private')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  change_seq bigint NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

CREATE TRIGGER member_cvs_change BEFORE INSERT OR UPDATE ON member_cvs
  FOR EACH ROW EXECUTE FUNCTION stamp_change();
CREATE INDEX member_cvs_change_seq ON member_cvs (change_seq);
