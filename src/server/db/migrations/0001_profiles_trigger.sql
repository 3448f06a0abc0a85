-- Every auth user gets a profile in the same transaction as the user row (the sign-up, the
-- admin CLI and any future path alike). The role is always 'student' here: no client input
-- can set it; only create-admin promotes.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (id, email, full_name, mobile_number, address, date_of_birth, role)
  VALUES (
    NEW.id,
    NEW.email,
    NULLIF(btrim(COALESCE(NEW.metadata->>'full_name', NEW.name)), ''),
    NULLIF(btrim(NEW.metadata->>'mobile_number'), ''),
    NULLIF(btrim(NEW.metadata->>'address'), ''),
    NULLIF(NEW.metadata->>'date_of_birth', '')::date,
    'student'
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_create_profile AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
--> statement-breakpoint
-- Keep the profile's copy of the email in step with the auth record.
CREATE OR REPLACE FUNCTION sync_profile_email() RETURNS trigger AS $$
BEGIN
  UPDATE profiles SET email = NEW.email, updated_at = now() WHERE id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_sync_profile_email AFTER UPDATE OF email ON "user"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION sync_profile_email();
