CREATE TABLE "passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"aaguid" text
);
--> statement-breakpoint
CREATE TABLE "scim_external_id" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"typ" text NOT NULL,
	"ressource_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	CONSTRAINT "scim_external_id_ressource_key" UNIQUE("mandant_id","typ","ressource_id"),
	CONSTRAINT "scim_external_id_key" UNIQUE("mandant_id","typ","external_id"),
	CONSTRAINT "scim_external_id_typ_check" CHECK ("scim_external_id"."typ" in ('User', 'Group'))
);
--> statement-breakpoint
CREATE TABLE "scim_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"anfang" text NOT NULL,
	"erstellt_von" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"zuletzt_benutzt_at" timestamp with time zone,
	"widerrufen_at" timestamp with time zone,
	CONSTRAINT "scim_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "passkey" ADD CONSTRAINT "passkey_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_external_id" ADD CONSTRAINT "scim_external_id_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_token" ADD CONSTRAINT "scim_token_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_user_id_idx" ON "passkey" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_credential_id_idx" ON "passkey" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "scim_token_mandant_idx" ON "scim_token" USING btree ("mandant_id");
--> statement-breakpoint
-- custom: authentication tables are for the owner connection only (as two_factor, migration 0003).
REVOKE ALL ON TABLE "passkey" FROM stellwerk_app;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "scim_token" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "scim_token" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "scim_token"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "scim_token" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "scim_token" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
ALTER TABLE "scim_external_id" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "scim_external_id" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "scim_external_id"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "scim_external_id" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "scim_external_id" TO stellwerk_app, stellwerk_platform;
