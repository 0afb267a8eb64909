import { createServer, type Server } from 'node:http';

/** One SMS as the gateway received it (decision 083: `POST SMS_URL { to, text, id }`). */
export type EmpfangeneSms = { to: string; text: string; id: string; authorization: string | undefined };

/**
 * A local SMS gateway for tests: takes `POST /send` with JSON, answers 200 (or the status set with
 * `antworteMit`), and keeps what it got. `code()` is the last six-digit code sent to a number.
 */
export const startSmsGateway = async ({ onSms }: { onSms?: (sms: EmpfangeneSms) => void } = {}) => {
  const received: EmpfangeneSms[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/send') {
        const parsed = JSON.parse(body) as { to: string; text: string; id: string };
        const sms = { ...parsed, authorization: request.headers.authorization };
        received.push(sms);
        onSms?.(sms);
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    /** With credentials, sent by the app as HTTP basic authentication. */
    url: `http://sms:geheim@127.0.0.1:${port}/send`,
    received,
    antworteMit: (next: number) => {
      status = next;
    },
    code: (to: string): string => {
      const last = received.filter((r) => r.to === to).at(-1);
      const match = last?.text.match(/\b(\d{6})\b/);
      if (!match?.[1]) throw new Error(`no code sent to ${to}`);
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
