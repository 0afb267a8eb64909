CREATE TABLE "fuehrerschein_erinnerung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fuehrerschein_id" uuid NOT NULL,
	"art" text NOT NULL,
	"naechste_pruefung" date NOT NULL,
	"gesendet_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fuehrerschein_erinnerung_key" UNIQUE("mandant_id","fuehrerschein_id","art","naechste_pruefung"),
	CONSTRAINT "fuehrerschein_erinnerung_art_check" CHECK ("fuehrerschein_erinnerung"."art" in ('fahrer', 'pruefer', 'eskalation'))
);
--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "c1_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "c1e_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "c_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "ce_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "d1_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "d1e_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "d_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "de_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "dokument_ablauf" date;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "pruefmethode" text;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "original_gesehen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD COLUMN "geprueft_am" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD CONSTRAINT "fuehrerschein_mandant_id_id_key" UNIQUE("mandant_id","id");--> statement-breakpoint
ALTER TABLE "fuehrerschein_erinnerung" ADD CONSTRAINT "fuehrerschein_erinnerung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuehrerschein_erinnerung" ADD CONSTRAINT "fuehrerschein_erinnerung_fuehrerschein_fk" FOREIGN KEY ("mandant_id","fuehrerschein_id") REFERENCES "public"."fuehrerschein"("mandant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- custom (lead: keep when regenerating)
ALTER TABLE "fuehrerschein_erinnerung" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fuehrerschein_erinnerung" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fuehrerschein_erinnerung"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fuehrerschein_erinnerung" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "fuehrerschein_erinnerung" TO stellwerk_app, stellwerk_platform;
