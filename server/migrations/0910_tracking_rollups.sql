-- Tracking read side (decision 0910): each event keeps where the visit came from and the kind of
-- device, never the address; per Vietnam day, rollups kept on write answer the statistics, so a
-- year of a busy card reads a few hundred rows instead of a million events.
ALTER TABLE tracking_events
  ADD COLUMN referrer_host text,
  ADD COLUMN utm_source text,
  ADD COLUMN device text;
-- Retention purges old raw events by time.
CREATE INDEX tracking_events_created ON tracking_events (created_at);

-- One row per owner (a member's or a brand's id) and Vietnam day: the headline figures.
CREATE TABLE tracking_daily_totals (
  owner_id uuid NOT NULL,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  visitors integer NOT NULL DEFAULT 0,
  saves integer NOT NULL DEFAULT 0,
  clicks integer NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, day)
);

-- Events per action and value (which link, which phone) and day; views have the value ''.
CREATE TABLE tracking_daily_actions (
  owner_id uuid NOT NULL,
  day date NOT NULL,
  action text NOT NULL,
  value text NOT NULL,
  events integer NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, day, action, value)
);

-- Where views came from, per day: dimension 'referrer', 'utm' or 'device'.
CREATE TABLE tracking_daily_sources (
  owner_id uuid NOT NULL,
  day date NOT NULL,
  dimension text NOT NULL,
  name text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, day, dimension, name)
);

-- The exact set of visitors per owner and day: a visitor counts once per day.
CREATE TABLE tracking_daily_visitors (
  owner_id uuid NOT NULL,
  day date NOT NULL,
  visitor_id text NOT NULL,
  PRIMARY KEY (owner_id, day, visitor_id)
);

-- Events stored before this migration are rolled up once (their sources were not recorded).
INSERT INTO tracking_daily_visitors (owner_id, day, visitor_id)
SELECT DISTINCT coalesce(member_id, group_id), (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, visitor_id
FROM tracking_events
WHERE coalesce(member_id, group_id) IS NOT NULL AND visitor_id IS NOT NULL;

INSERT INTO tracking_daily_actions (owner_id, day, action, value, events)
SELECT coalesce(member_id, group_id), (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, action,
  CASE WHEN action IN ('view', 'biolink-view') THEN '' ELSE value END, count(*)
FROM tracking_events
WHERE coalesce(member_id, group_id) IS NOT NULL
GROUP BY 1, 2, 3, 4;

INSERT INTO tracking_daily_totals (owner_id, day, views, visitors, saves, clicks)
SELECT a.owner_id, a.day,
  coalesce(sum(a.events) FILTER (WHERE a.action IN ('view', 'biolink-view')), 0),
  (SELECT count(*) FROM tracking_daily_visitors v WHERE v.owner_id = a.owner_id AND v.day = a.day),
  coalesce(sum(a.events) FILTER (WHERE a.action = 'save_contact'), 0),
  coalesce(sum(a.events) FILTER (WHERE a.action NOT IN ('view', 'biolink-view', 'save_contact')), 0)
FROM tracking_daily_actions a
GROUP BY a.owner_id, a.day;
