import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpReceiver = { url: string; received: ReceivedMail[]; close: () => Promise<void> };

/**
 * A real SMTP server on 127.0.0.1 for tests. With `fail: true` it refuses every message (554), as a
 * broken relay would.
 */
export const startSmtpReceiver = async ({ fail = false }: { fail?: boolean } = {}): Promise<SmtpReceiver> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (fail) {
          const error = Object.assign(new Error('Relay refuses the message (test)'), { responseCode: 554 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
