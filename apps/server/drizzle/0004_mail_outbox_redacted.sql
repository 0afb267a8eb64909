-- The mailbox shows only `redacted_text`: the text with the one-time secrets its template declares replaced
-- (decision 017). Mails already in the outbox get their sign-in links replaced the same way.
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_text" text;--> statement-breakpoint
UPDATE "mail_outbox" SET "redacted_text" = regexp_replace(
  "text",
  'https?://[^[:space:]]*\?token=[^[:space:]]*',
  CASE WHEN "language" = 'en' THEN '[removed: only the recipient sees this link or code]'
       ELSE '[entfernt: nur der Empfänger sieht diesen Link oder Code]' END,
  'g'
);--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "redacted_text" SET NOT NULL;--> statement-breakpoint
-- The application role (every tenant transaction) writes mails but reads only what the mailbox shows: the
-- text and HTML with the secrets are for the owner connection (the dispatcher) alone. It never changes or
-- deletes a mail.
REVOKE SELECT, UPDATE, DELETE ON TABLE "mail_outbox" FROM stellwerk_app;--> statement-breakpoint
GRANT SELECT ("id", "mandant_id", "to", "subject", "redacted_text", "template", "language", "status", "attempts", "next_attempt_at", "last_error", "created_at", "sent_at") ON TABLE "mail_outbox" TO stellwerk_app;
