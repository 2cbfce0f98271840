-- Teams and closures become the administrator's to edit (issue 15: /teams and the Closures section of
-- /settings). Migration 008 made the tables (teams, team_hours, team_time_off, closures) that
-- availability already reads; this one adds what an editor needs, so no path can store a row the
-- screens could not show or the rules could not read (docs/decisions/022-teams-and-closures.md).

-- Names are unique whatever their case ("team a" is Team A), and fit a lane of the schedule board.
ALTER TABLE teams ADD CONSTRAINT teams_name_length CHECK (char_length(name) BETWEEN 1 AND 60);
CREATE UNIQUE INDEX teams_name_lower_key ON teams (lower(name));

-- Reasons are short texts shown to administrators, and a closure's to customers.
ALTER TABLE team_time_off ADD CONSTRAINT team_time_off_reason_length CHECK (char_length(reason) <= 200);
ALTER TABLE closures ADD CONSTRAINT closures_reason_length CHECK (char_length(reason) <= 200);

-- When each was written: the screens list them, and support can tell an old closure from a new one.
ALTER TABLE team_time_off ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE closures ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- The editor lists the time off still to come (ends_on from today on).
CREATE INDEX team_time_off_ends_idx ON team_time_off (team_id, ends_on);
