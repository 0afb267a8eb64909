import { parseArgs } from 'node:util';
import { formatError, isDomainError } from '@stellwerk/domain/errors';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPlatformAdmin } from '../modules/verwaltung/mandant/mandant.platform-admin.ts';

const USAGE = `Creates a platform administrator and prints a one-time sign-in link.

  npm run admin:create -- --email <address> [--vorname <name>] [--nachname <name>]
                          [--username <name>] [--mandant <tenant name>]

--mandant   the tenant the administrator belongs to (created when no tenant has that name); without it the
            only tenant, or a new tenant "Plattform" on an empty installation.
Uses the same DATABASE_URL / DATA_DIR and PUBLIC_URL as the server. On the embedded database stop the
server first (it serves one process).`;

/** `npm run admin:create -- --email …` (decision 030). Exit code 0 on success, 1 on refusal, 2 on usage. */
const main = async (argv: string[]): Promise<number> => {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        vorname: { type: 'string' },
        nachname: { type: 'string' },
        username: { type: 'string' },
        mandant: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (typeof values.email !== 'string') {
    console.error(`--email is required.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const created = await createPlatformAdmin(
      { database, publicUrl: config.publicUrl, now: () => new Date() },
      {
        email: values.email,
        vorname: values.vorname as string | undefined,
        nachname: values.nachname as string | undefined,
        username: values.username as string | undefined,
        mandant: values.mandant as string | undefined,
      },
    );
    const tenant = `${created.mandantName}${created.mandantCreated ? ', neu angelegt / created' : ''}`;
    console.log(
      [
        `Plattform-Administrator angelegt / platform administrator created: ${created.email} (Mandant „${tenant}“)`,
        `Einmaliger Anmeldelink, gültig bis / one-time sign-in link, valid until ${created.expiresAt.toISOString()}:`,
        `  ${created.signInUrl}`,
        'Der Link setzt das Passwort; danach anmelden und /admin/mandanten öffnen.',
        'The link sets the password; then sign in and open /admin/mandanten.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    console.error(`${formatError(err.code, 'de', err.params)}\n${formatError(err.code, 'en', err.params)}`);
    return 1;
  } finally {
    await database.close();
  }
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
