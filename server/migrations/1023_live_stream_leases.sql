-- Fair use (docs/decisions/1023-…): a row per open live stream, so every server process counts
-- a member's open streams together. Released when the stream closes; a process that died
-- leaves rows that expire (they are renewed at each heartbeat while the stream is open).
CREATE TABLE live_stream_leases (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX live_stream_leases_member ON live_stream_leases (member_id, expires_at);
