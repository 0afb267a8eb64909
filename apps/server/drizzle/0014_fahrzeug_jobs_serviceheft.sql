CREATE TABLE "fahrzeug_benachrichtigung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"schluessel" text NOT NULL,
	"gesendet_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fahrzeug_benachrichtigung_schluessel_key" UNIQUE("mandant_id","schluessel")
);
--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" DROP CONSTRAINT "fahrzeug_buchung_fahrzeug_fk";
--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" DROP CONSTRAINT "fahrzeug_historie_fahrzeug_fk";
--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" DROP CONSTRAINT "serviceheft_eintrag_fahrzeug_fk";
--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD COLUMN "hu_faellig_am" date;--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD COLUMN "uvv_faellig_am" date;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "anhaenge" jsonb;--> statement-breakpoint
ALTER TABLE "fahrzeug_benachrichtigung" ADD CONSTRAINT "fahrzeug_benachrichtigung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" ADD CONSTRAINT "serviceheft_eintrag_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- custom (lead: keep when regenerating)
-- The vehicle jobs' record of what they sent (decision 067), isolated per tenant like every tenant table.
ALTER TABLE "fahrzeug_benachrichtigung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrzeug_benachrichtigung" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrzeug_benachrichtigung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrzeug_benachrichtigung" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fahrzeug_benachrichtigung" TO stellwerk_app, stellwerk_platform;
--> statement-breakpoint
-- The application role writes a mail's attachments but never reads them back (like its text, decision 017).
REVOKE SELECT ("anhaenge") ON TABLE "mail_outbox" FROM stellwerk_app;
