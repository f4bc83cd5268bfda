-- Registration information (spec §3, §4, §7 rg calls; decision 0664): requests to become a
-- member of a brand, sent from its public form and handled by its staff through a state
-- machine. Every step is kept: who took it, when, from which state to which.
CREATE TABLE registrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups(id),
  type text NOT NULL,
  status text NOT NULL DEFAULT 'new',
  -- Where updateConfirm returns to while information is requested.
  resume_status text,
  name text NOT NULL,
  phone text NOT NULL,
  email text,
  citizen_identification_code text,
  address text,
  birthday date,
  note text,
  missing_info jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registrations_group_created ON registrations (group_id, created_at DESC);
CREATE INDEX registrations_group_status ON registrations (group_id, status);

CREATE TABLE registration_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order the steps were taken in (several may share a clock reading).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  registration_id uuid NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
  action text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  -- Null for the applicant's own step (the public form).
  actor_member_id uuid REFERENCES members(id),
  note text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_steps_registration ON registration_steps (registration_id, seq);
