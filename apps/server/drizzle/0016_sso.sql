CREATE TABLE "sso_provider" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" text,
	"provider_id" text NOT NULL,
	"organization_id" text,
	"domain" text NOT NULL,
	CONSTRAINT "sso_provider_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
CREATE TABLE "mandant_sso" (
	"mandant_id" uuid PRIMARY KEY NOT NULL,
	"protokoll" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"saml_metadata_url" text,
	"gruppen_claim" text DEFAULT 'groups' NOT NULL,
	"passwort_erlaubt" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_provider" ADD CONSTRAINT "sso_provider_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandant_sso" ADD CONSTRAINT "mandant_sso_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- custom (lead: keep when regenerating)
-- better-auth's SSO provider table is for the owner connection only, like the other authentication tables.
REVOKE ALL ON TABLE "sso_provider" FROM stellwerk_app;
--> statement-breakpoint
ALTER TABLE "mandant_sso" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "mandant_sso" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "mandant_sso"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "mandant_sso" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "mandant_sso" TO stellwerk_app, stellwerk_platform;
