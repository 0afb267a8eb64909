CREATE TABLE "telefon_faktor" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"telefonnummer" text NOT NULL,
	"friendly_name" text,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_ausgang" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid,
	"an" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"fehler" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_ausgang_status_check" CHECK ("sms_ausgang"."status" in ('gesendet', 'fehlgeschlagen', 'protokolliert'))
);
--> statement-breakpoint
ALTER TABLE "telefon_faktor" ADD CONSTRAINT "telefon_faktor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_ausgang" ADD CONSTRAINT "sms_ausgang_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telefon_faktor_user_id_idx" ON "telefon_faktor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_ausgang_mandant_created_idx" ON "sms_ausgang" USING btree ("mandant_id","created_at");--> statement-breakpoint
-- custom: authentication tables are for the owner connection only (as two_factor, migration 0003).
REVOKE ALL ON TABLE "telefon_faktor" FROM stellwerk_app;
--> statement-breakpoint
-- custom (lead: keep when regenerating): row-level security like every tenant table
ALTER TABLE "sms_ausgang" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sms_ausgang" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "sms_ausgang"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "sms_ausgang" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT ON TABLE "sms_ausgang" TO stellwerk_app, stellwerk_platform;
