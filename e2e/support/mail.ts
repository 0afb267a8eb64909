import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { confirmLinkIn, plainTextOf } from '../../apps/server/test/mail-message.ts';

type StoredMail = { to: string[]; raw: string };

/** The folder of the journey's server's SMTP receiver (the project's metadata, playwright.config.ts). */
const mailDir = () => {
  const dir = (test.info().project.metadata as { mailDir?: string }).mailDir ?? process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error('E2E_MAIL_DIR is not set: the journeys need the SMTP receiver of playwright.config.ts');
  return dir;
};

/** The names of the mails received so far (oldest first); pass the count to `mailTo` as `after`. */
export const receivedMailCount = (): number => readdirSync(mailDir()).length;

/**
 * The text of the newest mail to `email` that the SMTP receiver got after the first `after` mails, as the
 * recipient reads it; waits for it (the server sends right after the change commits).
 */
export const mailTo = async (email: string, after = 0): Promise<string> => {
  let text: string | undefined;
  await expect
    .poll(
      () => {
        const names = readdirSync(mailDir()).sort().slice(after);
        for (const name of names.reverse()) {
          const mail = JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as StoredMail;
          if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase())) {
            text = plainTextOf(mail.raw);
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email}`, timeout: 20_000 },
    )
    .toBe(true);
  return text ?? '';
};

/** The `/auth/confirm?token=…` (invitation) or `/auth/recovery?token=…` (recovery) link of the newest mail to `email` (see `mailTo`). */
export const confirmLinkTo = async (email: string, after = 0): Promise<string> => {
  const text = await mailTo(email, after);
  const link = confirmLinkIn(text);
  expect(link, `a link to /auth/confirm in the mail:\n${text}`).toBeDefined();
  return link!;
};
