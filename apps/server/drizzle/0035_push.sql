CREATE TABLE "push_abo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"arten" text[] NOT NULL,
	"geraet" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_abo_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_abo_arten_check" CHECK ("push_abo"."arten" <@ array['checkin', 'vormerkung', 'checkout', 'freigabe']::text[])
);
--> statement-breakpoint
CREATE TABLE "push_ausgang" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"art" text NOT NULL,
	"titel" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_ausgang_art_check" CHECK ("push_ausgang"."art" in ('checkin', 'vormerkung', 'checkout', 'freigabe'))
);
--> statement-breakpoint
ALTER TABLE "push_abo" ADD CONSTRAINT "push_abo_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_abo" ADD CONSTRAINT "push_abo_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_ausgang" ADD CONSTRAINT "push_ausgang_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_ausgang" ADD CONSTRAINT "push_ausgang_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_abo_mandant_benutzer_idx" ON "push_abo" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
CREATE INDEX "push_ausgang_mandant_benutzer_idx" ON "push_ausgang" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
CREATE INDEX "push_ausgang_created_idx" ON "push_ausgang" USING btree ("created_at");--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "push_abo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "push_abo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "push_abo"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "push_abo" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "push_abo" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "push_ausgang" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "push_ausgang" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "push_ausgang"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "push_ausgang" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "push_ausgang" TO stellwerk_app, stellwerk_platform;
