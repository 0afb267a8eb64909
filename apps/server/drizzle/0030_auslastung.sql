ALTER TABLE "leseraum_buchung" ADD COLUMN "storno_grund" text;--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD COLUMN "storniert_am" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "standort" ADD COLUMN "bundesland" text;--> statement-breakpoint
ALTER TABLE "leseraum_buchung" ADD CONSTRAINT "leseraum_buchung_storno_grund_check" CHECK ("leseraum_buchung"."storno_grund" is null or "leseraum_buchung"."storno_grund" in ('storniert', 'frist_abgelaufen', 'nicht_eingecheckt', 'abgelehnt', 'system'));--> statement-breakpoint
ALTER TABLE "standort" ADD CONSTRAINT "standort_bundesland_check" CHECK ("standort"."bundesland" is null or "standort"."bundesland" in ('BW','BY','BE','BB','HB','HH','HE','MV','NI','NW','RP','SL','SN','ST','SH','TH'));