-- The login e-mail is private (decision 0108). Registration used to copy it into the public
-- contact e-mail, so it showed on the card. A copy and a deliberate choice of the same address
-- look alike in the data; the only trace is equality, so every contact e-mail equal to the
-- login e-mail is cleared and an owner who wants it public writes it again.
UPDATE members
SET contact_email = NULL
WHERE email IS NOT NULL
  AND contact_email IS NOT NULL
  AND lower(btrim(contact_email)) = lower(btrim(email));
