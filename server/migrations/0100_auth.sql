-- Accounts and sessions: refresh-token successors (grace window), one-time codes, password
-- resets, the mail/SMS outbox, shared rate-limit counters, outside logins and printed cards.

-- When a refresh token is rotated, its successor is kept here sealed with a key derived from
-- the old token, so a tab presenting the just-rotated token within the grace window gets the
-- SAME successor; whoever holds only the database cannot unseal it.
CREATE TABLE auth_session_successors (
  session_id uuid PRIMARY KEY REFERENCES auth_sessions(id) ON DELETE CASCADE,
  successor_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  sealed_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 6-digit codes sent by e-mail or SMS; only an HMAC of the code is kept.
CREATE TABLE auth_otps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset_password')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  destination text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_otps_destination ON auth_otps (purpose, destination, created_at);

-- Password reset links: single use, expiring; only the token's hash is kept.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_member ON password_resets (member_id);

-- Every e-mail and SMS is written here first (in the transaction that makes its code or link),
-- then handed to the configured transport.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, created_at);
CREATE INDEX mail_outbox_status ON mail_outbox (status, created_at);

-- Fixed-window counters shared by every server copy: bucket = "<rule>:<ip|account>".
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- Logins through an outside provider (Facebook).
CREATE TABLE member_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  member_id uuid NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX member_identities_member ON member_identities (member_id);

-- Printed smart cards (/verify/{id}): issued with an activation code, bound to a member once.
CREATE TABLE cards (
  id text PRIMARY KEY,
  activation_code_hash text NOT NULL,
  member_id uuid REFERENCES members(id),
  activated_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cards_member ON cards (member_id);
