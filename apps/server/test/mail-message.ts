/**
 * Reads a mail as its recipient's client would, from the raw message an SMTP server received (tests and
 * browser journeys take one-time links from here, never from the mailbox). Handles what nodemailer writes:
 * a single part or multipart/alternative, quoted-printable, base64 or 7/8 bit, UTF-8.
 */

const decodeQuotedPrintable = (body: string): string => {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

const splitHead = (part: string): { headers: string; body: string } => {
  const at = part.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: part, body: '' };
  const gap = /\r?\n\r?\n/.exec(part.slice(at))?.[0].length ?? 2;
  return { headers: part.slice(0, at), body: part.slice(at + gap) };
};

const header = (headers: string, name: string): string => {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
};

const decodeBody = (headers: string, body: string): string => {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** The text/plain part of a raw message, decoded. */
export const plainTextOf = (raw: string): string => {
  const { headers, body } = splitHead(raw);
  const type = header(headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(headers, body).replace(/\r\n/g, '\n');
  for (const part of body.split(`--${boundary}`)) {
    const inner = splitHead(part.replace(/^\r?\n/, ''));
    const innerType = header(inner.headers, 'Content-Type');
    if (/^multipart\//i.test(innerType)) return plainTextOf(part.replace(/^\r?\n/, ''));
    if (/^text\/plain/i.test(innerType)) return decodeBody(inner.headers, inner.body).replace(/\r\n/g, '\n');
  }
  return '';
};

/** The first `/auth/confirm?token=…` link of a mail text, or undefined. */
export const confirmLinkIn = (text: string): string | undefined =>
  /https?:\/\/\S+\/auth\/(?:confirm|recovery)\?token=[\w%.-]+/.exec(text)?.[0];
