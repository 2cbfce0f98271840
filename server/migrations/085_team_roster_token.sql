-- Decision 131: the teams and their weekly hours change rarely, yet every checkout's day read built
-- them afresh (250 teams: 1.3 ms of the read's 2.4 ms). A token names what they are: any write to
-- either table gives it a new random value in the same transaction, so a read that finds the token
-- its server already holds may skip them (the day read, availability-repository.ts). Random rather
-- than counted: a database restored from a backup, or cloned from a template, never reuses a token
-- for other contents.
CREATE TABLE team_roster (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  token text NOT NULL
);
INSERT INTO team_roster (only_row, token) VALUES (true, gen_random_uuid()::text);

-- BEFORE the statement: a statement that writes teams or hours takes the token's row before any row
-- of its own, so two such writers queue there. Written rarely (an administrator's edit); a checkout
-- only reads it.
CREATE FUNCTION team_roster_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_roster SET token = gen_random_uuid()::text;
  RETURN NULL;
END
$$;

CREATE TRIGGER teams_roster_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION team_roster_changed();
CREATE TRIGGER team_hours_roster_changed BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_hours
  FOR EACH STATEMENT EXECUTE FUNCTION team_roster_changed();
