import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** The folder of the journey's server's SMS gateway (the project's metadata, playwright.config.ts). */
const smsDir = () => {
  const dir = (test.info().project.metadata as { smsDir?: string }).smsDir ?? process.env.E2E_SMS_DIR;
  if (!dir)
    throw new Error('E2E_SMS_DIR is not set: the journeys need the SMS gateway of playwright.config.ts');
  return dir;
};

/** How many SMS the gateway got so far; pass it to `smsCodeTo` as `after`. */
export const receivedSmsCount = (): number => readdirSync(smsDir()).length;

/** The six-digit code of the newest SMS to `to` (E.164) after the first `after`; waits for it. */
export const smsCodeTo = async (to: string, after = 0): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const names = readdirSync(smsDir()).sort().slice(after);
        for (const name of names.reverse()) {
          const sms = JSON.parse(readFileSync(path.join(smsDir(), name), 'utf8')) as {
            to: string;
            text: string;
          };
          const match = sms.to === to ? sms.text.match(/\b(\d{6})\b/) : null;
          if (match?.[1]) {
            code = match[1];
            return true;
          }
        }
        return false;
      },
      { message: `an SMS to ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return code ?? '';
};
