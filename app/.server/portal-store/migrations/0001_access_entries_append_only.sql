-- The access record is append-only (issue 31, decisions/270): whatever reaches the database, no entry
-- is ever rewritten. Deletes stay possible for the retention purge alone, which is the only delete
-- the portal's code makes.
CREATE FUNCTION access_entries_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access record entries cannot be changed';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER access_entries_append_only BEFORE UPDATE ON access_entries
  FOR EACH ROW EXECUTE FUNCTION access_entries_refuse_update();
