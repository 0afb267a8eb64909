CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid,
	"benutzer_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"old_value" jsonb,
	"new_value" jsonb
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"display_username" text,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benutzer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"employee_id" text,
	"vorname" text NOT NULL,
	"nachname" text NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"status" text DEFAULT 'aktiv' NOT NULL,
	"is_sso" boolean DEFAULT false NOT NULL,
	"plattform_admin" boolean DEFAULT false NOT NULL,
	"auth_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benutzer_username_unique" UNIQUE("username"),
	CONSTRAINT "benutzer_auth_user_id_unique" UNIQUE("auth_user_id"),
	CONSTRAINT "benutzer_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "benutzer_mandant_email_key" UNIQUE("mandant_id","email")
);
--> statement-breakpoint
CREATE TABLE "benutzer_gruppe" (
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"gruppe_id" uuid NOT NULL,
	CONSTRAINT "benutzer_gruppe_pk" PRIMARY KEY("mandant_id","benutzer_id","gruppe_id")
);
--> statement-breakpoint
CREATE TABLE "benutzer_permission" (
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"permission_name" text NOT NULL,
	"wert" text DEFAULT 'true' NOT NULL,
	CONSTRAINT "benutzer_permission_pk" PRIMARY KEY("mandant_id","benutzer_id","permission_name")
);
--> statement-breakpoint
CREATE TABLE "benutzer_rolle" (
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"rolle_id" uuid NOT NULL,
	CONSTRAINT "benutzer_rolle_pk" PRIMARY KEY("mandant_id","benutzer_id","rolle_id")
);
--> statement-breakpoint
CREATE TABLE "gruppe" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gruppe_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "gruppe_mandant_name_key" UNIQUE("mandant_id","name")
);
--> statement-breakpoint
CREATE TABLE "gruppe_rolle" (
	"mandant_id" uuid NOT NULL,
	"gruppe_id" uuid NOT NULL,
	"rolle_id" uuid NOT NULL,
	CONSTRAINT "gruppe_rolle_pk" PRIMARY KEY("mandant_id","gruppe_id","rolle_id")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"default" text,
	"typ" text DEFAULT 'boolean' NOT NULL,
	"wert" text DEFAULT 'true' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rolle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rolle_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "rolle_mandant_name_key" UNIQUE("mandant_id","name")
);
--> statement-breakpoint
CREATE TABLE "rolle_permission" (
	"mandant_id" uuid NOT NULL,
	"rolle_id" uuid NOT NULL,
	"permission_name" text NOT NULL,
	"wert" text DEFAULT 'true' NOT NULL,
	CONSTRAINT "rolle_permission_pk" PRIMARY KEY("mandant_id","rolle_id","permission_name")
);
--> statement-breakpoint
CREATE TABLE "customizing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"wert" text NOT NULL,
	"customizing_option_name" text NOT NULL,
	"benutzer_id" uuid,
	"gruppe_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customizing_level_key" UNIQUE NULLS NOT DISTINCT("mandant_id","customizing_option_name","benutzer_id","gruppe_id"),
	CONSTRAINT "customizing_level_check" CHECK ("customizing"."benutzer_id" is null or "customizing"."gruppe_id" is null)
);
--> statement-breakpoint
CREATE TABLE "customizing_option" (
	"name" text PRIMARY KEY NOT NULL,
	"feature_id" uuid NOT NULL,
	"description" text,
	"typ" text NOT NULL,
	"default_wert" text,
	CONSTRAINT "customizing_option_typ_check" CHECK ("customizing_option"."typ" in ('number', 'boolean', 'string', 'time', 'array'))
);
--> statement-breakpoint
CREATE TABLE "feature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "feature_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "mandant_feature" (
	"mandant_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"aktiv" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mandant_feature_pk" PRIMARY KEY("mandant_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "fahrzeug" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"deaktiviert" boolean DEFAULT false NOT NULL,
	"gueltig_von" date,
	"gueltig_bis" date,
	"standort_id" uuid NOT NULL,
	"kategorie" text,
	"marke" text NOT NULL,
	"modell" text NOT NULL,
	"kennzeichen" text NOT NULL,
	"kraftstoff" text,
	"leistung" integer,
	"getriebe" text,
	"kofferraum" integer,
	"sitze" integer,
	"tueren" integer,
	"farbe" text,
	"fuehrerscheinklasse" text DEFAULT 'B' NOT NULL,
	"klimaanlage" boolean DEFAULT false NOT NULL,
	"navigation" boolean DEFAULT false NOT NULL,
	"tempomat" boolean DEFAULT false NOT NULL,
	"sitzheizung" boolean DEFAULT false NOT NULL,
	"bild_id" uuid,
	"buchungszeitraum_von" text,
	"buchungszeitraum_bis" text,
	"buchungszeitraum_wochentage" smallint[],
	"buchung_ausserhalb_moeglich" boolean DEFAULT false NOT NULL,
	"fahrzeug_oeffnungszeit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fahrzeug_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "fahrzeug_mandant_kennzeichen_key" UNIQUE("mandant_id","kennzeichen"),
	CONSTRAINT "fahrzeug_gueltig_check" CHECK ("fahrzeug"."gueltig_von" is null or "fahrzeug"."gueltig_bis" is null or "fahrzeug"."gueltig_von" <= "fahrzeug"."gueltig_bis"),
	CONSTRAINT "fahrzeug_buchungszeitraum_check" CHECK (("fahrzeug"."buchungszeitraum_von" is null or "fahrzeug"."buchungszeitraum_von" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and ("fahrzeug"."buchungszeitraum_bis" is null or "fahrzeug"."buchungszeitraum_bis" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'))
);
--> statement-breakpoint
CREATE TABLE "fahrzeug_buchung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"typ" text DEFAULT 'BUCHUNG' NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"fahrer_id" uuid,
	"fahrzeug_id" uuid NOT NULL,
	"informationstext" text,
	"anlass" text,
	"ziel_adresse" text,
	"ziel_person" text,
	"umweg" text,
	"zu_bestaetigen_von" uuid,
	CONSTRAINT "fahrzeug_buchung_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "fahrzeug_buchung_von_bis_check" CHECK ("fahrzeug_buchung"."von" < "fahrzeug_buchung"."bis"),
	CONSTRAINT "fahrzeug_buchung_status_check" CHECK ("fahrzeug_buchung"."status" in ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen')),
	CONSTRAINT "fahrzeug_buchung_typ_check" CHECK ("fahrzeug_buchung"."typ" in ('BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT'))
);
--> statement-breakpoint
CREATE TABLE "fahrzeug_buchung_mitfahrer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_buchung_id" uuid NOT NULL,
	"nummer" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "fahrzeug_buchung_mitfahrer_nummer_key" UNIQUE("mandant_id","fahrzeug_buchung_id","nummer")
);
--> statement-breakpoint
CREATE TABLE "fahrzeug_historie" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"beschreibung" text,
	"zeitpunkt" timestamp with time zone DEFAULT now() NOT NULL,
	"fahrzeug_buchung_id" uuid,
	"fahrzeug_id" uuid NOT NULL,
	"typ" text NOT NULL,
	"status" text,
	"kilometerstand" integer,
	"sauberkeit_aussen" text,
	"sauberkeit_innen" text,
	"abstellplatz" text,
	"tankfuellung" integer,
	"schaeden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benutzer_id" uuid,
	"beleg_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fahrzeug_historie_typ_check" CHECK ("fahrzeug_historie"."typ" in ('ERSTELLUNG', 'STATUSAENDERUNG', 'WARTUNG', 'CHECK_IN', 'CHECK_OUT', 'SERVICE', 'DEAKTIVIERUNG')),
	CONSTRAINT "fahrzeug_historie_tankfuellung_check" CHECK ("fahrzeug_historie"."tankfuellung" is null or "fahrzeug_historie"."tankfuellung" between 0 and 100),
	CONSTRAINT "fahrzeug_historie_kilometerstand_check" CHECK ("fahrzeug_historie"."kilometerstand" is null or "fahrzeug_historie"."kilometerstand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fahrzeug_oeffnungszeit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"gueltig_von" date,
	"gueltig_bis" date,
	"is_buchung_ausserhalb_moeglich" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fahrzeug_oeffnungszeit_mandant_id_id_key" UNIQUE("mandant_id","id")
);
--> statement-breakpoint
CREATE TABLE "serviceheft_eintrag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_id" uuid NOT NULL,
	"typ" text NOT NULL,
	"beschreibung" text,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone,
	"benutzer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serviceheft_eintrag_von_bis_check" CHECK ("serviceheft_eintrag"."bis" is null or "serviceheft_eintrag"."von" <= "serviceheft_eintrag"."bis")
);
--> statement-breakpoint
CREATE TABLE "sonderfreigabe" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"fahrzeug_buchung_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"is_freigegeben" boolean,
	"freigegeben_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sonderfreigabe_buchung_benutzer_key" UNIQUE("mandant_id","fahrzeug_buchung_id","benutzer_id")
);
--> statement-breakpoint
CREATE TABLE "fuehrerschein" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"benutzer_id" uuid NOT NULL,
	"fuehrerscheinnummer" text,
	"ausstellungsdatum" date,
	"letzte_pruefung" date,
	"naechste_pruefung" date,
	"pruefer_id" uuid,
	"zusatzinfo" text,
	"fahrverbot" boolean DEFAULT false NOT NULL,
	"fahrverbot_von" date,
	"fahrverbot_bis" date,
	"am" boolean DEFAULT false NOT NULL,
	"a1" boolean DEFAULT false NOT NULL,
	"a2" boolean DEFAULT false NOT NULL,
	"a" boolean DEFAULT false NOT NULL,
	"b1" boolean DEFAULT false NOT NULL,
	"b" boolean DEFAULT false NOT NULL,
	"c1" boolean DEFAULT false NOT NULL,
	"c" boolean DEFAULT false NOT NULL,
	"d1" boolean DEFAULT false NOT NULL,
	"d" boolean DEFAULT false NOT NULL,
	"be" boolean DEFAULT false NOT NULL,
	"c1e" boolean DEFAULT false NOT NULL,
	"ce" boolean DEFAULT false NOT NULL,
	"d1e" boolean DEFAULT false NOT NULL,
	"de" boolean DEFAULT false NOT NULL,
	"l" boolean DEFAULT false NOT NULL,
	"t" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fuehrerschein_mandant_benutzer_key" UNIQUE("mandant_id","benutzer_id"),
	CONSTRAINT "fuehrerschein_fahrverbot_check" CHECK ("fuehrerschein"."fahrverbot_von" is null or "fuehrerschein"."fahrverbot_bis" is null or "fuehrerschein"."fahrverbot_von" <= "fuehrerschein"."fahrverbot_bis")
);
--> statement-breakpoint
CREATE TABLE "ausstattung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ausstattung_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "ausstattung_mandant_name_key" UNIQUE("mandant_id","name")
);
--> statement-breakpoint
CREATE TABLE "grundriss_leseraum" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"bezeichnung" text NOT NULL,
	"beschreibung" text,
	"link" text,
	"datei_id" uuid,
	"aktiv" boolean DEFAULT true NOT NULL,
	"standort_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grundriss_leseraum_mandant_id_id_key" UNIQUE("mandant_id","id")
);
--> statement-breakpoint
CREATE TABLE "leseraum" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kapazitaet" integer DEFAULT 1 NOT NULL,
	"bezeichnung" text NOT NULL,
	"position" text,
	"grundriss_id" uuid NOT NULL,
	"beschreibung" text,
	"bedingungen" text,
	"aktiv" boolean DEFAULT true NOT NULL,
	CONSTRAINT "leseraum_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "leseraum_kapazitaet_check" CHECK ("leseraum"."kapazitaet" >= 1)
);
--> statement-breakpoint
CREATE TABLE "leseraum_ausstattung" (
	"mandant_id" uuid NOT NULL,
	"leseraum_id" uuid NOT NULL,
	"ausstattung_id" uuid NOT NULL,
	"anzahl" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "leseraum_ausstattung_pk" PRIMARY KEY("mandant_id","leseraum_id","ausstattung_id"),
	CONSTRAINT "leseraum_ausstattung_anzahl_check" CHECK ("leseraum_ausstattung"."anzahl" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leseraum_buchung" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"von" timestamp with time zone NOT NULL,
	"bis" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"systembenutzer1_mail" text NOT NULL,
	"systembenutzer2_mail" text,
	"gruppengroesse" integer DEFAULT 1 NOT NULL,
	"leseraum_id" uuid NOT NULL,
	CONSTRAINT "leseraum_buchung_von_bis_check" CHECK ("leseraum_buchung"."von" < "leseraum_buchung"."bis"),
	CONSTRAINT "leseraum_buchung_status_check" CHECK ("leseraum_buchung"."status" in ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen')),
	CONSTRAINT "leseraum_buchung_gruppengroesse_check" CHECK ("leseraum_buchung"."gruppengroesse" >= 1)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_language_check" CHECK ("mail_outbox"."language" in ('de', 'en'))
);
--> statement-breakpoint
CREATE TABLE "mandant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mandant_domain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandant_domain_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "abweichende_oeffnungszeit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"grundriss_id" uuid NOT NULL,
	"beschreibung" text,
	"von" text DEFAULT '01:00' NOT NULL,
	"bis" text DEFAULT '23:00' NOT NULL,
	"gueltig_von" date NOT NULL,
	"gueltig_bis" date NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abweichende_oeffnungszeit_status_check" CHECK ("abweichende_oeffnungszeit"."status" in ('offen', 'geschlossen')),
	CONSTRAINT "abweichende_oeffnungszeit_gueltig_check" CHECK ("abweichende_oeffnungszeit"."gueltig_von" <= "abweichende_oeffnungszeit"."gueltig_bis"),
	CONSTRAINT "abweichende_oeffnungszeit_zeit_check" CHECK ("abweichende_oeffnungszeit"."von" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "abweichende_oeffnungszeit"."bis" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "oeffnungszeit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"wochentag" smallint NOT NULL,
	"von" text NOT NULL,
	"bis" text NOT NULL,
	"geoeffnet" boolean DEFAULT true NOT NULL,
	"grundriss_id" uuid,
	"fahrzeug_oeffnungszeit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oeffnungszeit_owner_check" CHECK (("oeffnungszeit"."grundriss_id" is null) <> ("oeffnungszeit"."fahrzeug_oeffnungszeit_id" is null)),
	CONSTRAINT "oeffnungszeit_wochentag_check" CHECK ("oeffnungszeit"."wochentag" between 0 and 6),
	CONSTRAINT "oeffnungszeit_zeit_check" CHECK ("oeffnungszeit"."von" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "oeffnungszeit"."bis" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "abstellplatz" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"standort_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sortierung" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abstellplatz_mandant_standort_name_key" UNIQUE("mandant_id","standort_id","name")
);
--> statement-breakpoint
CREATE TABLE "standort" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standort_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "standort_mandant_name_key" UNIQUE("mandant_id","name")
);
--> statement-breakpoint
CREATE TABLE "datei" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandant_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"pfad" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datei_mandant_id_id_key" UNIQUE("mandant_id","id"),
	CONSTRAINT "datei_mandant_bucket_pfad_key" UNIQUE("mandant_id","bucket","pfad"),
	CONSTRAINT "datei_bucket_check" CHECK ("datei"."bucket" in ('grundrisse', 'fahrzeuge', 'logos', 'datenschutz')),
	CONSTRAINT "datei_size_check" CHECK ("datei"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer" ADD CONSTRAINT "benutzer_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer" ADD CONSTRAINT "benutzer_auth_user_id_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_gruppe" ADD CONSTRAINT "benutzer_gruppe_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_gruppe" ADD CONSTRAINT "benutzer_gruppe_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_gruppe" ADD CONSTRAINT "benutzer_gruppe_gruppe_fk" FOREIGN KEY ("mandant_id","gruppe_id") REFERENCES "public"."gruppe"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_permission" ADD CONSTRAINT "benutzer_permission_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_permission" ADD CONSTRAINT "benutzer_permission_permission_name_permission_name_fk" FOREIGN KEY ("permission_name") REFERENCES "public"."permission"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_permission" ADD CONSTRAINT "benutzer_permission_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_rolle" ADD CONSTRAINT "benutzer_rolle_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_rolle" ADD CONSTRAINT "benutzer_rolle_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benutzer_rolle" ADD CONSTRAINT "benutzer_rolle_rolle_fk" FOREIGN KEY ("mandant_id","rolle_id") REFERENCES "public"."rolle"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gruppe" ADD CONSTRAINT "gruppe_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gruppe_rolle" ADD CONSTRAINT "gruppe_rolle_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gruppe_rolle" ADD CONSTRAINT "gruppe_rolle_gruppe_fk" FOREIGN KEY ("mandant_id","gruppe_id") REFERENCES "public"."gruppe"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gruppe_rolle" ADD CONSTRAINT "gruppe_rolle_rolle_fk" FOREIGN KEY ("mandant_id","rolle_id") REFERENCES "public"."rolle"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle" ADD CONSTRAINT "rolle_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_permission" ADD CONSTRAINT "rolle_permission_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_permission" ADD CONSTRAINT "rolle_permission_permission_name_permission_name_fk" FOREIGN KEY ("permission_name") REFERENCES "public"."permission"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rolle_permission" ADD CONSTRAINT "rolle_permission_rolle_fk" FOREIGN KEY ("mandant_id","rolle_id") REFERENCES "public"."rolle"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizing" ADD CONSTRAINT "customizing_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizing" ADD CONSTRAINT "customizing_customizing_option_name_customizing_option_name_fk" FOREIGN KEY ("customizing_option_name") REFERENCES "public"."customizing_option"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizing" ADD CONSTRAINT "customizing_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizing" ADD CONSTRAINT "customizing_gruppe_fk" FOREIGN KEY ("mandant_id","gruppe_id") REFERENCES "public"."gruppe"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customizing_option" ADD CONSTRAINT "customizing_option_feature_id_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."feature"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandant_feature" ADD CONSTRAINT "mandant_feature_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandant_feature" ADD CONSTRAINT "mandant_feature_feature_id_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."feature"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD CONSTRAINT "fahrzeug_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD CONSTRAINT "fahrzeug_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD CONSTRAINT "fahrzeug_bild_fk" FOREIGN KEY ("mandant_id","bild_id") REFERENCES "public"."datei"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug" ADD CONSTRAINT "fahrzeug_oeffnungszeit_fk" FOREIGN KEY ("mandant_id","fahrzeug_oeffnungszeit_id") REFERENCES "public"."fahrzeug_oeffnungszeit"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_fahrer_fk" FOREIGN KEY ("mandant_id","fahrer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung" ADD CONSTRAINT "fahrzeug_buchung_zu_bestaetigen_von_fk" FOREIGN KEY ("mandant_id","zu_bestaetigen_von") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung_mitfahrer" ADD CONSTRAINT "fahrzeug_buchung_mitfahrer_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_buchung_mitfahrer" ADD CONSTRAINT "fahrzeug_buchung_mitfahrer_buchung_fk" FOREIGN KEY ("mandant_id","fahrzeug_buchung_id") REFERENCES "public"."fahrzeug_buchung"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_buchung_fk" FOREIGN KEY ("mandant_id","fahrzeug_buchung_id") REFERENCES "public"."fahrzeug_buchung"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_historie" ADD CONSTRAINT "fahrzeug_historie_beleg_fk" FOREIGN KEY ("mandant_id","beleg_id") REFERENCES "public"."datei"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_oeffnungszeit" ADD CONSTRAINT "fahrzeug_oeffnungszeit_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fahrzeug_oeffnungszeit" ADD CONSTRAINT "fahrzeug_oeffnungszeit_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" ADD CONSTRAINT "serviceheft_eintrag_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" ADD CONSTRAINT "serviceheft_eintrag_fahrzeug_fk" FOREIGN KEY ("mandant_id","fahrzeug_id") REFERENCES "public"."fahrzeug"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serviceheft_eintrag" ADD CONSTRAINT "serviceheft_eintrag_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sonderfreigabe" ADD CONSTRAINT "sonderfreigabe_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sonderfreigabe" ADD CONSTRAINT "sonderfreigabe_buchung_fk" FOREIGN KEY ("mandant_id","fahrzeug_buchung_id") REFERENCES "public"."fahrzeug_buchung"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sonderfreigabe" ADD CONSTRAINT "sonderfreigabe_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD CONSTRAINT "fuehrerschein_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD CONSTRAINT "fuehrerschein_benutzer_fk" FOREIGN KEY ("mandant_id","benutzer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuehrerschein" ADD CONSTRAINT "fuehrerschein_pruefer_fk" FOREIGN KEY ("mandant_id","pruefer_id") REFERENCES "public"."benutzer"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ausstattung" ADD CONSTRAINT "ausstattung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ADD CONSTRAINT "grundriss_leseraum_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ADD CONSTRAINT "grundriss_leseraum_datei_fk" FOREIGN KEY ("mandant_id","datei_id") REFERENCES "public"."datei"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grundriss_leseraum" ADD CONSTRAINT "grundriss_leseraum_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum" ADD CONSTRAINT "leseraum_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum" ADD CONSTRAINT "leseraum_grundriss_fk" FOREIGN KEY ("mandant_id","grundriss_id") REFERENCES "public"."grundriss_leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_ausstattung" ADD CONSTRAINT "leseraum_ausstattung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_ausstattung" ADD CONSTRAINT "leseraum_ausstattung_leseraum_fk" FOREIGN KEY ("mandant_id","leseraum_id") REFERENCES "public"."leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_ausstattung" ADD CONSTRAINT "leseraum_ausstattung_ausstattung_fk" FOREIGN KEY ("mandant_id","ausstattung_id") REFERENCES "public"."ausstattung"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD CONSTRAINT "leseraum_buchung_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD CONSTRAINT "leseraum_buchung_leseraum_fk" FOREIGN KEY ("mandant_id","leseraum_id") REFERENCES "public"."leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandant_domain" ADD CONSTRAINT "mandant_domain_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abweichende_oeffnungszeit" ADD CONSTRAINT "abweichende_oeffnungszeit_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abweichende_oeffnungszeit" ADD CONSTRAINT "abweichende_oeffnungszeit_grundriss_fk" FOREIGN KEY ("mandant_id","grundriss_id") REFERENCES "public"."grundriss_leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oeffnungszeit" ADD CONSTRAINT "oeffnungszeit_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oeffnungszeit" ADD CONSTRAINT "oeffnungszeit_grundriss_fk" FOREIGN KEY ("mandant_id","grundriss_id") REFERENCES "public"."grundriss_leseraum"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oeffnungszeit" ADD CONSTRAINT "oeffnungszeit_fahrzeug_oeffnungszeit_fk" FOREIGN KEY ("mandant_id","fahrzeug_oeffnungszeit_id") REFERENCES "public"."fahrzeug_oeffnungszeit"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abstellplatz" ADD CONSTRAINT "abstellplatz_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abstellplatz" ADD CONSTRAINT "abstellplatz_standort_fk" FOREIGN KEY ("mandant_id","standort_id") REFERENCES "public"."standort"("mandant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standort" ADD CONSTRAINT "standort_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datei" ADD CONSTRAINT "datei_mandant_id_mandant_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."mandant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_mandant_at_idx" ON "audit_log" USING btree ("mandant_id","at");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "benutzer_mandant_status_idx" ON "benutzer" USING btree ("mandant_id","status");--> statement-breakpoint
CREATE INDEX "benutzer_gruppe_gruppe_idx" ON "benutzer_gruppe" USING btree ("mandant_id","gruppe_id");--> statement-breakpoint
CREATE INDEX "benutzer_rolle_rolle_idx" ON "benutzer_rolle" USING btree ("mandant_id","rolle_id");--> statement-breakpoint
CREATE INDEX "gruppe_rolle_rolle_idx" ON "gruppe_rolle" USING btree ("mandant_id","rolle_id");--> statement-breakpoint
CREATE INDEX "customizing_mandant_benutzer_idx" ON "customizing" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
CREATE INDEX "customizing_mandant_gruppe_idx" ON "customizing" USING btree ("mandant_id","gruppe_id");--> statement-breakpoint
CREATE INDEX "customizing_option_feature_idx" ON "customizing_option" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_mandant_standort_idx" ON "fahrzeug" USING btree ("mandant_id","standort_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_mandant_fahrzeug_von_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","fahrzeug_id","von");--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_mandant_von_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","von");--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_mandant_benutzer_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_mandant_fahrer_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","fahrer_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_buchung_mandant_status_idx" ON "fahrzeug_buchung" USING btree ("mandant_id","status");--> statement-breakpoint
CREATE INDEX "fahrzeug_historie_mandant_fahrzeug_zeitpunkt_idx" ON "fahrzeug_historie" USING btree ("mandant_id","fahrzeug_id","zeitpunkt");--> statement-breakpoint
CREATE INDEX "fahrzeug_historie_mandant_buchung_idx" ON "fahrzeug_historie" USING btree ("mandant_id","fahrzeug_buchung_id");--> statement-breakpoint
CREATE INDEX "fahrzeug_oeffnungszeit_mandant_fahrzeug_idx" ON "fahrzeug_oeffnungszeit" USING btree ("mandant_id","fahrzeug_id");--> statement-breakpoint
CREATE INDEX "serviceheft_eintrag_mandant_fahrzeug_von_idx" ON "serviceheft_eintrag" USING btree ("mandant_id","fahrzeug_id","von");--> statement-breakpoint
CREATE INDEX "sonderfreigabe_mandant_benutzer_idx" ON "sonderfreigabe" USING btree ("mandant_id","benutzer_id");--> statement-breakpoint
CREATE INDEX "fuehrerschein_mandant_naechste_pruefung_idx" ON "fuehrerschein" USING btree ("mandant_id","naechste_pruefung");--> statement-breakpoint
CREATE INDEX "leseraum_mandant_grundriss_idx" ON "leseraum" USING btree ("mandant_id","grundriss_id");--> statement-breakpoint
CREATE INDEX "leseraum_ausstattung_ausstattung_idx" ON "leseraum_ausstattung" USING btree ("mandant_id","ausstattung_id");--> statement-breakpoint
CREATE INDEX "leseraum_buchung_mandant_leseraum_von_idx" ON "leseraum_buchung" USING btree ("mandant_id","leseraum_id","von");--> statement-breakpoint
CREATE INDEX "leseraum_buchung_mandant_von_idx" ON "leseraum_buchung" USING btree ("mandant_id","von");--> statement-breakpoint
CREATE INDEX "leseraum_buchung_mandant_booker_idx" ON "leseraum_buchung" USING btree ("mandant_id","systembenutzer1_mail","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_mandant_created_idx" ON "mail_outbox" USING btree ("mandant_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mandant_domain_mandant_idx" ON "mandant_domain" USING btree ("mandant_id");--> statement-breakpoint
CREATE INDEX "abweichende_oeffnungszeit_mandant_grundriss_idx" ON "abweichende_oeffnungszeit" USING btree ("mandant_id","grundriss_id","gueltig_von");--> statement-breakpoint
CREATE INDEX "oeffnungszeit_mandant_grundriss_idx" ON "oeffnungszeit" USING btree ("mandant_id","grundriss_id");--> statement-breakpoint
CREATE INDEX "oeffnungszeit_mandant_fahrzeug_oeffnungszeit_idx" ON "oeffnungszeit" USING btree ("mandant_id","fahrzeug_oeffnungszeit_id");