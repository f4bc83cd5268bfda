-- Uploaded pictures (decision 0620). Bytes live in the database so every server process sees
-- every upload. A blob is addressed by the SHA-256 of its bytes (the same re-encoded picture is
-- stored once); an upload is the client-made id a profile field points at, with its variants.
CREATE TABLE IF NOT EXISTS image_blobs (
  hash text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  byte_size integer NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS image_uploads (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  purpose text NOT NULL,
  -- SHA-256 of the bytes as received: the same upload sent again is answered, not stored again.
  source_hash text NOT NULL,
  source_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS image_uploads_member ON image_uploads (member_id);

CREATE TABLE IF NOT EXISTS image_variants (
  upload_id uuid NOT NULL REFERENCES image_uploads(id),
  variant text NOT NULL,
  blob_hash text NOT NULL REFERENCES image_blobs(hash),
  PRIMARY KEY (upload_id, variant)
);
