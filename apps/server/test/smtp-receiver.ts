import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpReceiver = {
  url: string;
  received: ReceivedMail[];
  /**
   * Silent (true): the server accepts TCP connections but never answers (no greeting), as a hung relay
   * does, so clients wait for their timeout. Back to answering (false): connections held so far are
   * closed and new ones are served normally.
   */
  setSilent: (silent: boolean) => void;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests. With `fail: true` it refuses every message (554), as a
 * broken relay would; with `silent: true` it starts out not answering (see `setSilent`). `onMail` is called
 * with every accepted message (the browser journeys store them as files, where their test processes read them).
 */
export const startSmtpReceiver = async ({
  fail = false,
  silent = false,
  onMail,
}: {
  fail?: boolean;
  silent?: boolean;
  onMail?: (mail: ReceivedMail) => void;
} = {}): Promise<SmtpReceiver> => {
  const received: ReceivedMail[] = [];
  let isSilent = silent;
  /** Greeting callbacks of connections accepted while silent: never called while silent. */
  const held = new Set<(err?: Error) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The greeting is sent only when this callback is called: holding it is a server that never answers.
    onConnect(_session, callback) {
      if (isSilent) held.add(callback);
      else callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (fail) {
          const error = Object.assign(new Error('Relay refuses the message (test)'), { responseCode: 554 });
          callback(error);
          return;
        }
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  const releaseHeld = () => {
    for (const callback of held) callback(new Error('Service not available (test)'));
    held.clear();
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that gives up on a silent server closes its socket; smtp-server reports it as an error.
  server.on('error', () => undefined);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setSilent: (value) => {
      isSilent = value;
      if (!value) releaseHeld();
    },
    close: () =>
      new Promise<void>((resolve) => {
        releaseHeld();
        server.close(() => resolve());
      }),
  };
};
