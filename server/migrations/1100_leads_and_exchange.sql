-- Leads and two-way card exchange (decision 1100): where a phonebook contact came from, and the
-- company and consent of a visitor's form on a card or brand page.
ALTER TABLE contacts ADD COLUMN lead_source jsonb;
ALTER TABLE contact_us_messages ADD COLUMN company text;
ALTER TABLE contact_us_messages ADD COLUMN consent_text text;
ALTER TABLE contact_us_messages ADD COLUMN consent_at timestamptz;
