CREATE TABLE "zugriffstoken" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"anfang" text NOT NULL,
	"recht" text NOT NULL,
	"ablauf_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"zuletzt_benutzt_at" timestamp with time zone,
	"widerrufen_at" timestamp with time zone,
	CONSTRAINT "zugriffstoken_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "zugriffstoken_recht_check" CHECK ("zugriffstoken"."recht" in ('lesen', 'buchen'))
);
--> statement-breakpoint
ALTER TABLE "zugriffstoken" ADD CONSTRAINT "zugriffstoken_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zugriffstoken" ADD CONSTRAINT "zugriffstoken_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zugriffstoken_mandant_benutzer_idx" ON "zugriffstoken" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "zugriffstoken" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "zugriffstoken" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "zugriffstoken"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "zugriffstoken" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "zugriffstoken" TO stellwerk_app, stellwerk_platform;
