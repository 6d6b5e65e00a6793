-- Owners who registered before email verification existed keep signing in as before:
-- their addresses count as verified.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
