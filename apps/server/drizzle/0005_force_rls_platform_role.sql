-- Defence in depth for tenant data (decision 029).
-- stellwerk_platform: the role every owner transaction (withPlatform, withAllTenants) switches to. It may
-- read and write every table (catalogues, authentication tables, tenant tables) but is neither a superuser
-- nor exempt from row-level security, so it sees no tenant's rows unless it names one (asTenant) or says
-- explicitly that it crosses tenants: the policy "platform_bypass" below lets it through only while the
-- transaction has set app.bypass_rls to 'on' (withAllTenants). Superusers skip row-level security, which is
-- why the owner transactions leave the connection's login for this role (the embedded database always
-- connects as a superuser).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stellwerk_platform') THEN
    BEGIN
      CREATE ROLE stellwerk_platform NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- created concurrently by the migration of another database
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stellwerk_platform' AND (rolsuper OR rolbypassrls)) THEN
    RAISE EXCEPTION 'role stellwerk_platform must not be a superuser nor bypass row-level security';
  END IF;
  -- The owner connection must be allowed to SET ROLE stellwerk_platform (superusers always are).
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'stellwerk_platform', 'MEMBER') THEN
    EXECUTE format('GRANT stellwerk_platform TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO stellwerk_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO stellwerk_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO stellwerk_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO stellwerk_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO stellwerk_platform;
--> statement-breakpoint
-- Every tenant table (those with the tenant policy of migration 0002): row-level security also binds the
-- table owner (FORCE), and the platform role crosses tenants only with the explicit bypass. Tables added
-- later need both too (src/db/tenant-isolation.int.test.ts fails otherwise).
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_policy p
    JOIN pg_class c ON c.oid = p.polrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND p.polname = 'mandant_isolation'
    ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY platform_bypass ON %I TO stellwerk_platform '
      'USING (current_setting(''app.bypass_rls'', true) = ''on'') '
      'WITH CHECK (current_setting(''app.bypass_rls'', true) = ''on'')',
      t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- Only platform paths make platform administrators: the application role may update every column of
-- benutzer except plattform_admin, and may not insert a benutzer that is one.
REVOKE UPDATE ON TABLE "benutzer" FROM stellwerk_app;
--> statement-breakpoint
GRANT UPDATE ("id", "mandant_id", "employee_id", "vorname", "nachname", "email", "username", "status", "is_sso",
  "auth_user_id", "created_at", "updated_at") ON TABLE "benutzer" TO stellwerk_app;
--> statement-breakpoint
CREATE POLICY "no_plattform_admin" ON "benutzer" AS RESTRICTIVE FOR INSERT TO stellwerk_app
  WITH CHECK (NOT "plattform_admin");
--> statement-breakpoint
-- A tenant's feature switches and domains are set by platform administrators only (/admin/mandanten).
REVOKE INSERT, UPDATE, DELETE ON TABLE "mandant_feature", "mandant_domain" FROM stellwerk_app;
