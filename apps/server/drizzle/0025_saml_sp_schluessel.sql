CREATE TABLE "saml_sp_schluessel" (
	"mandant_id" uuid PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"zertifikat" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saml_sp_schluessel" ADD CONSTRAINT "saml_sp_schluessel_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom (lead: keep when regenerating): the SP signing key is for the owner connection only (as sso_provider,
-- 0016), and row-level security binds it to its tenant like every table with a mandant_id (decision 122).
REVOKE ALL ON TABLE "saml_sp_schluessel" FROM stellwerk_app;
--> statement-breakpoint
ALTER TABLE "saml_sp_schluessel" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "saml_sp_schluessel" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "saml_sp_schluessel"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "saml_sp_schluessel" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "saml_sp_schluessel" TO stellwerk_platform;
