-- Tenant isolation (ARCHITECTURE §5).
-- stellwerk_app: the non-owner role every tenant transaction switches to (SET LOCAL ROLE). Roles are
-- cluster-wide, so it is created only when missing (several databases of one cluster share it) and must
-- never be a superuser or bypass row-level security (both would bypass every policy below).
-- Policies compare with nullif(current_setting('app.mandant_id', true), '')::uuid: unset gives NULL (no
-- row matches); after a transaction that set it locally the setting reads '' and must not fail the cast.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stellwerk_app') THEN
    BEGIN
      CREATE ROLE stellwerk_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- created concurrently by the migration of another database
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stellwerk_app' AND (rolsuper OR rolbypassrls)) THEN
    RAISE EXCEPTION 'role stellwerk_app must not be a superuser nor bypass row-level security';
  END IF;
  -- The owner connection must be allowed to SET ROLE stellwerk_app (superusers always are).
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'stellwerk_app', 'MEMBER') THEN
    EXECUTE format('GRANT stellwerk_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO stellwerk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO stellwerk_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO stellwerk_app;
--> statement-breakpoint
-- Tables created later by the owner are granted too; their migration must enable row-level security
-- (src/db/tenant-isolation.int.test.ts fails for any table the role can reach without a policy).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO stellwerk_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO stellwerk_app;
--> statement-breakpoint
-- Authentication tables: only the owner connection (better-auth adapter) uses them.
REVOKE ALL ON TABLE "user", "session", "account", "verification", "rate_limit" FROM stellwerk_app;
--> statement-breakpoint
-- Global catalogues: readable by every tenant, written only by the owner (seed, platform administration).
REVOKE INSERT, UPDATE, DELETE ON TABLE "permission", "feature", "customizing_option" FROM stellwerk_app;
--> statement-breakpoint
-- The tenant row itself is read-only for tenants; tenant management is a platform (owner) path.
REVOKE INSERT, UPDATE, DELETE ON TABLE "mandant" FROM stellwerk_app;
--> statement-breakpoint
-- The audit trail is append-only for the application.
REVOKE UPDATE, DELETE ON TABLE "audit_log" FROM stellwerk_app;
--> statement-breakpoint
ALTER TABLE "mandant" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "mandant"
  USING ("id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "mandant_domain" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "mandant_domain"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "mandant_feature" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "mandant_feature"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "benutzer" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "benutzer"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "gruppe" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "gruppe"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "rolle" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "rolle"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "rolle_permission" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "rolle_permission"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "benutzer_permission" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "benutzer_permission"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "benutzer_rolle" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "benutzer_rolle"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "benutzer_gruppe" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "benutzer_gruppe"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "gruppe_rolle" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "gruppe_rolle"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "customizing" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "customizing"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fuehrerschein" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fuehrerschein"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "standort" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "standort"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "abstellplatz" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "abstellplatz"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "datei" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "datei"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fahrzeug" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fahrzeug_oeffnungszeit" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_oeffnungszeit"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_buchung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung_mitfahrer" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_buchung_mitfahrer"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "sonderfreigabe" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "sonderfreigabe"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_historie"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "serviceheft_eintrag"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "grundriss_leseraum"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "leseraum" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "leseraum"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "ausstattung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "ausstattung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "leseraum_ausstattung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "leseraum_ausstattung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "leseraum_buchung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "oeffnungszeit" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "oeffnungszeit"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "abweichende_oeffnungszeit" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "abweichende_oeffnungszeit"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "mail_outbox"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "audit_log"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
