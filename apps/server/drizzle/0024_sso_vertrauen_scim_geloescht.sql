CREATE TABLE "scim_geloescht" (
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scim_geloescht_key" UNIQUE("mandant_id","benutzer_id")
);
--> statement-breakpoint
CREATE TABLE "sitzung_anmeldung" (
	"session_id" text PRIMARY KEY NOT NULL,
	"art" text NOT NULL,
	"mehr_faktor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mandant_sso" ADD COLUMN "mfa_vertrauen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scim_geloescht" ADD CONSTRAINT "scim_geloescht_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitzung_anmeldung" ADD CONSTRAINT "sitzung_anmeldung_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): authentication tables are for the owner connection only (as two_factor, migration 0003).
REVOKE ALL ON TABLE "sitzung_anmeldung" FROM stellwerk_app;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table (as scim_external_id, 0015)
ALTER TABLE "scim_geloescht" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "scim_geloescht" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "scim_geloescht"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "scim_geloescht" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "scim_geloescht" TO stellwerk_app, stellwerk_platform;
