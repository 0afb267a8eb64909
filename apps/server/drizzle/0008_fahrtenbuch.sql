CREATE TABLE "fahrtenbuch_eintrag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"laufnummer" integer NOT NULL,
	"kennzeichen" text NOT NULL,
	"fahrzeug_buchung_id" uuid,
	"quelle" text NOT NULL,
	"korrigiert_id" uuid,
	"grund" text,
	"art" text NOT NULL,
	"beginn" timestamp with time zone NOT NULL,
	"ende" timestamp with time zone NOT NULL,
	"km_beginn" integer NOT NULL,
	"km_ende" integer NOT NULL,
	"fahrer_id" uuid NOT NULL,
	"fahrer_name" text NOT NULL,
	"ziel" text,
	"zweck" text,
	"partner" text,
	"umweg" text,
	"notiz" text,
	"erfasst_am" timestamp with time zone NOT NULL,
	"erfasst_von_id" uuid NOT NULL,
	"erfasst_von_name" text NOT NULL,
	"hash_vorher" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "fahrtenbuch_eintrag_mandant_id_unique" UNIQUE("mandant_id","id"),
	CONSTRAINT "fahrtenbuch_eintrag_laufnummer_unique" UNIQUE("mandant_id","fahrzeug_id","laufnummer"),
	CONSTRAINT "fahrtenbuch_eintrag_korrigiert_unique" UNIQUE("mandant_id","korrigiert_id"),
	CONSTRAINT "fahrtenbuch_eintrag_art_check" CHECK ("fahrtenbuch_eintrag"."art" in ('dienstlich', 'privat', 'arbeitsweg')),
	CONSTRAINT "fahrtenbuch_eintrag_quelle_check" CHECK ("fahrtenbuch_eintrag"."quelle" in ('fahrt', 'hand')),
	CONSTRAINT "fahrtenbuch_eintrag_km_check" CHECK ("fahrtenbuch_eintrag"."km_beginn" >= 0 and "fahrtenbuch_eintrag"."km_ende" > "fahrtenbuch_eintrag"."km_beginn" and "fahrtenbuch_eintrag"."ende" > "fahrtenbuch_eintrag"."beginn"),
	CONSTRAINT "fahrtenbuch_eintrag_hash_check" CHECK ("fahrtenbuch_eintrag"."hash" ~ '^[0-9a-f]{64}$' and "fahrtenbuch_eintrag"."hash_vorher" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ADD CONSTRAINT "fahrtenbuch_eintrag_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ADD CONSTRAINT "fahrtenbuch_eintrag_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ADD CONSTRAINT "fahrtenbuch_eintrag_buchung_fk" FOREIGN KEY ("mandant_id","fahrzeug_buchung_id") REFERENCES "public"."fahrzeug_buchung"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" ADD CONSTRAINT "fahrtenbuch_eintrag_korrigiert_fk" FOREIGN KEY ("mandant_id","korrigiert_id") REFERENCES "public"."fahrtenbuch_eintrag"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fahrtenbuch_eintrag_mandant_fahrzeug_beginn_idx" ON "fahrtenbuch_eintrag" USING btree ("mandant_id","fahrzeug_id","beginn");--> statement-breakpoint
-- custom (lead: keep when regenerating)
-- Tenant isolation like every tenant table (migrations 0002 and 0005).
ALTER TABLE "fahrtenbuch_eintrag" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "fahrtenbuch_eintrag" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "mandant_isolation" ON "fahrtenbuch_eintrag"
  USING ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid)
  WITH CHECK ("mandant_id" = nullif(current_setting('app.mandant_id', true), '')::uuid);
--> statement-breakpoint
CREATE POLICY platform_bypass ON "fahrtenbuch_eintrag" TO stellwerk_platform
  USING (current_setting('app.bypass_rls', true) = 'on')
  WITH CHECK (current_setting('app.bypass_rls', true) = 'on');
--> statement-breakpoint
-- Append-only (issue 10, decision 062): the application may only read and add; a correction is a new row.
REVOKE UPDATE, DELETE, TRUNCATE ON TABLE "fahrtenbuch_eintrag" FROM stellwerk_app;
--> statement-breakpoint
-- Whoever runs the statement (also the table owner): no UPDATE ever, and a DELETE only when the tenant itself
-- is gone (the cascade of deleting a tenant).
CREATE OR REPLACE FUNCTION fahrtenbuch_eintrag_unveraenderlich() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM mandant WHERE id = OLD.mandant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'fahrtenbuch_eintrag ist unveränderlich: Korrekturen sind neue Einträge'
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_eintrag_unveraenderlich BEFORE UPDATE OR DELETE ON "fahrtenbuch_eintrag"
  FOR EACH ROW EXECUTE FUNCTION fahrtenbuch_eintrag_unveraenderlich();
--> statement-breakpoint
CREATE TRIGGER fahrtenbuch_eintrag_kein_truncate BEFORE TRUNCATE ON "fahrtenbuch_eintrag"
  FOR EACH STATEMENT EXECUTE FUNCTION fahrtenbuch_eintrag_unveraenderlich();
