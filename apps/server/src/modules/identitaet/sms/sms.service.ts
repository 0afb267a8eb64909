import { DomainError } from '@stellwerk/domain/errors';
import type { TSmsAusgang } from '@stellwerk/domain/identitaet/sicherheit/api';
import { maskiereTelefonnummer } from '@stellwerk/domain/identitaet/sicherheit/telefon';
import { darf } from '@stellwerk/domain/policy';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { countSmsSeit, findSmsAusgang, insertSms } from './sms.repository.ts';

/** How long the gateway may take to take an SMS (a code is useless minutes later, so there is no retry). */
export const SMS_TIMEOUT_MS = 10_000;

export type SmsLog = {
  info: (object: Record<string, unknown>, message: string) => void;
  warn: (object: Record<string, unknown>, message: string) => void;
};

export type SmsDeps = {
  database: Pick<Database, 'withTenant'>;
  /** `SMS_URL`; undefined: the SMS is written to the server log instead (decision 083). */
  smsUrl: string | undefined;
  log: SmsLog;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
};

export type Sms = {
  mandantId: string;
  benutzerId: string | null;
  /** The number in E.164 form. */
  an: string;
  text: string;
  /** The same text without the code: what the outbox keeps. */
  ohneCode: string;
};

/**
 * The gateway request (docs/betrieb.md "SMS gateway"): `POST SMS_URL` with `{ "to": "+49…", "text": "…", "id": "<uuid>" }`
 * as JSON; any 2xx answer counts as taken. Credentials in the address (`https://user:pass@host/…`) are sent
 * as HTTP basic authentication.
 */
const postToGateway = async (
  smsUrl: string,
  body: { to: string; text: string; id: string },
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<string | null> => {
  const url = new URL(smsUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

/**
 * Sends an SMS at once (decision 083): to the gateway when `SMS_URL` is set, else to the server log, as mail
 * without `SMTP_URL`. The outbox keeps a row without the code either way. A gateway that refuses or does not
 * answer in time is answered with `sicherheit.sms_fehlgeschlagen`.
 */
export const sendeSms = async (deps: SmsDeps, sms: Sms): Promise<void> => {
  const id = crypto.randomUUID();
  const an = maskiereTelefonnummer(sms.an);
  let status: 'gesendet' | 'fehlgeschlagen' | 'protokolliert';
  let fehler: string | null = null;
  if (!deps.smsUrl) {
    deps.log.info({ smsId: id, an: sms.an, text: sms.text }, `SMS_URL ist nicht gesetzt: ${sms.text}`);
    status = 'protokolliert';
  } else {
    fehler = await postToGateway(
      deps.smsUrl,
      { to: sms.an, text: sms.text, id },
      deps.fetchImpl ?? fetch,
      deps.timeoutMs ?? SMS_TIMEOUT_MS,
    );
    status = fehler ? 'fehlgeschlagen' : 'gesendet';
    if (fehler) deps.log.warn({ smsId: id, an, fehler }, 'SMS gateway refused the SMS');
  }
  await deps.database.withTenant(sms.mandantId, (tx) =>
    insertSms(tx, {
      id,
      mandantId: sms.mandantId,
      benutzerId: sms.benutzerId,
      an,
      text: sms.ohneCode,
      status,
      fehler,
    }),
  );
  if (fehler) throw new DomainError('sicherheit.sms_fehlgeschlagen');
};

/** At most this many SMS per person within `SMS_FENSTER_MINUTEN` (against SMS pumping and cost). */
export const SMS_PRO_FENSTER = 5;
export const SMS_FENSTER_MINUTEN = 15;

/** Refuses a further SMS to a person who got `SMS_PRO_FENSTER` within the window (`auth.rate_limited`). */
export const pruefeSmsLimit = async (
  database: Pick<Database, 'withTenant'>,
  { mandantId, benutzerId }: { mandantId: string; benutzerId: string },
  now: Date,
): Promise<void> => {
  const seit = new Date(now.getTime() - SMS_FENSTER_MINUTEN * 60_000);
  const anzahl = await database.withTenant(mandantId, (tx) => countSmsSeit(tx, benutzerId, seit));
  if (anzahl >= SMS_PRO_FENSTER) throw new DomainError('auth.rate_limited');
};

/** The tenant's SMS, newest first (user administrators; decision 083). */
export const listSmsAusgang = async (
  { database }: { database: Pick<Database, 'withTenant'> },
  user: SessionUser,
): Promise<TSmsAusgang> => {
  if (!darf('benutzer.pflegen', user)) return { items: [] };
  const rows = await database.withTenant(user.mandantId, (tx) => findSmsAusgang(tx, 200));
  return {
    items: rows.map((r) => ({
      id: r.id,
      an: r.an,
      text: r.text,
      status: r.status as 'gesendet' | 'fehlgeschlagen' | 'protokolliert',
      fehler: r.fehler,
      createdAt: r.createdAt.toISOString(),
    })),
  };
};
