/**
 * The mails of a vehicle booking, each in its recipient's language through the outbox in the caller's
 * transaction: to the booker and the driver (booked, changed, moved, cancelled), to the approvers of a special
 * trip, and the system's cancellation. Every one is built by `buchungMailParams`.
 */

import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import type { FahrzeugBuchungMailParams } from '../../plattform/mail/mail.fahrzeug-templates.ts';
import type { MailAnhang } from '../../plattform/mail/mail.public.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import type { PersonRow } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { fahrtKalenderAnhang } from './fahrzeug-buchung.kalender.ts';
import {
  einstellungenVon,
  type FahrzeugBuchungDeps,
  nameOf,
  personenVon,
} from './fahrzeug-buchung.kontext.ts';
import { zeitraumText } from './fahrzeug-buchung.presenter.ts';
import type { BuchungKernRow } from './fahrzeug-buchung.repository.ts';

type MailDeps = Pick<FahrzeugBuchungDeps, 'now' | 'publicUrl'>;

export const languageOf = async (tx: Tx, benutzerId: string): Promise<Language> =>
  parseLanguage(stringCustomizing(await einstellungenVon(tx, benutzerId), 'Sprache'));

/**
 * The parameters of a vehicle booking's mail: what every one names (the car, its plate, the period, the link to
 * `seite`) and what this one adds.
 */
export const buchungMailParams = (
  deps: Pick<MailDeps, 'publicUrl'>,
  buchung: { marke: string; modell: string; kennzeichen: string; von: Date; bis: Date },
  seite: '/fahrzeuge' | '/fahrzeuge/freigaben',
  extra: Omit<FahrzeugBuchungMailParams, 'fahrzeug' | 'kennzeichen' | 'zeitraum' | 'url'>,
): FahrzeugBuchungMailParams => ({
  ...extra,
  fahrzeug: `${buchung.marke} ${buchung.modell}`,
  kennzeichen: buchung.kennzeichen,
  zeitraum: zeitraumText(buchung.von, buchung.bis),
  url: `${deps.publicUrl}${seite}`,
});

/** The booking as the mail parameters see it. */
const mailSicht = (buchung: TFahrzeugBuchung) => ({
  ...buchung.fahrzeug,
  von: new Date(buchung.von),
  bis: new Date(buchung.bis),
});

/** One mail to `person`, in their language. */
const sende = async (
  tx: Tx,
  deps: MailDeps,
  mandantId: string,
  person: PersonRow,
  params: (language: Language) => FahrzeugBuchungMailParams,
  anhaenge?: MailAnhang[],
): Promise<void> => {
  const language = await languageOf(tx, person.id);
  await enqueueMail(
    tx,
    {
      mandantId,
      to: person.email,
      template: 'fahrzeug_buchung',
      language,
      params: params(language),
      ...(anhaenge?.length ? { anhaenge } : {}),
    },
    deps.now(),
  );
};

/**
 * Mails the booker (and the driver, when someone else drives) about their booking; names the user who acted
 * when it was not the recipient.
 */
export const sendeMails = async (
  tx: Tx,
  deps: MailDeps,
  user: SessionUser,
  buchung: TFahrzeugBuchung,
  params: Pick<FahrzeugBuchungMailParams, 'typ' | 'alt' | 'grund'>,
): Promise<void> => {
  const empfaenger = [buchung.buchender.id, ...(buchung.fahrer ? [buchung.fahrer.id] : [])];
  const personen = await personenVon(tx, [...empfaenger, user.benutzerId]);
  const akteur = personen.find((p) => p.id === user.benutzerId);
  for (const p of personen.filter((q) => empfaenger.includes(q.id)))
    await sende(
      tx,
      deps,
      user.mandantId,
      p,
      () =>
        buchungMailParams(deps, mailSicht(buchung), '/fahrzeuge', {
          ...params,
          sonderfahrt: params.typ !== 'storniert' && buchung.aktionen.wartetAufFreigabe,
          durch: akteur && akteur.id !== p.id ? nameOf(akteur) : undefined,
        }),
      // the booking's invitation (decision 169): REQUEST, or CANCEL once cancelled
      await fahrtKalenderAnhang(tx, deps, {
        mandantId: user.mandantId,
        buchungId: buchung.id,
        empfaenger: p,
        typ: params.typ,
      }),
    );
};

/**
 * Asks each chosen approver of a special trip for their decision (decision 049): a mail with the booking and
 * a link to /fahrzeuge/freigaben.
 */
export const fordereFreigabenAn = async (
  tx: Tx,
  deps: MailDeps,
  mandantId: string,
  buchung: TFahrzeugBuchung,
  benutzerIds: readonly string[],
): Promise<void> => {
  for (const p of await personenVon(tx, benutzerIds))
    await sende(tx, deps, mandantId, p, () =>
      buchungMailParams(deps, mailSicht(buchung), '/fahrzeuge/freigaben', {
        typ: 'freigabe_anfrage',
        durch: buchung.buchender.name,
        anlass: buchung.anlass ?? undefined,
      }),
    );
};

/**
 * The system's cancellation mail to the booker and the driver of `row`: no person acted, the reason in each
 * recipient's language (`grundIn`).
 */
export const sendeSystemStornoMails = async (
  tx: Tx,
  deps: MailDeps,
  mandantId: string,
  row: Pick<BuchungKernRow, 'id' | 'marke' | 'modell' | 'kennzeichen' | 'von' | 'bis'>,
  empfaenger: readonly PersonRow[],
  grundIn: (sprache: Language) => string,
): Promise<void> => {
  for (const p of empfaenger)
    await sende(
      tx,
      deps,
      mandantId,
      p,
      (language) =>
        buchungMailParams(deps, row, '/fahrzeuge', { typ: 'storniert', grund: grundIn(language) }),
      await fahrtKalenderAnhang(tx, deps, { mandantId, buchungId: row.id, empfaenger: p, typ: 'storniert' }),
    );
};
