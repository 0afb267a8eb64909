/**
 * The vehicle jobs (decisions 067, 068): automatic release, missing check-out reminders and
 * escalation, the next booker's notice, the daily care notice, the HU/UVV reminders and the vehicle report.
 * Each decides through the pure functions of `@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung`, writes its mails
 * to the outbox in the recipient's language and records the notice keys in the same transaction, so a
 * repeated run sends nothing twice. A mail switched off by its `FahrzeugMail…Senden` flag is neither sent
 * nor recorded (switching it on later sends what is due then).
 */

import { stornoGrundText } from '@stellwerk/domain/fahrzeuge/fahrzeug/rules';
import {
  autoStornoFaellige,
  checkOutMahnungen,
  fahrtErinnerungen,
  freiesErsatzfahrzeug,
  type JobCustomizing,
  pflegehinweis,
  vorCheckOutHinweise,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/auswahl';
import { pruefungsErinnerungen } from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/pruefung';
import type { FreigabeEntscheidung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/auto-freigabe';
import { FAHRZEUG_BUCHUNG_UEBERGAENGE } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import { berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import {
  booleanCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
  stringCustomizing,
} from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import type { MailAnhang } from '../../plattform/mail/mail.public.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import {
  findBelegungenIm,
  findGesendet,
  findGroessterWert,
  findJobFahrzeuge,
  findOffeneBuchungen,
  findReservierteFahrtenIm,
  insertGesendet,
  type JobFahrzeug,
} from './fahrzeug-benachrichtigung.repository.ts';
import { findFahrtEintraege } from './fahrzeug-buchung.belegung.repository.ts';
import { findPersonen, type PersonRow } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { meldeFahrzeugBuchung, nameOf } from './fahrzeug-buchung.kontext.ts';
import { zeitraumText } from './fahrzeug-buchung.presenter.ts';
import { findFreigeber, lockBuchung, updateBuchung } from './fahrzeug-buchung.repository.ts';

/**
 * The reminder before the trip (R364, spec §9 FahrzeugZeitErinnerungsmail): to the booker and the driver of each
 * reserved trip, each from their own lead (their effective value, minutes, 0 = none), once per person and start
 * (`erinnerung:<id>:<start>:<person>` in the sent notices). The mail switches decide in the outbox
 * (FahrzeugMailErinnerungSenden, BenachrichtigungErinnerung; decision 116). Returns how many were written.
 */
export const sendeFahrtErinnerungen = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
): Promise<number> => {
  const settings = await ladeCustomizing(tx);
  if (!settings) return 0;
  const { now, mandantId } = kontext;
  // no lead anyone may have is longer than the largest value stored or the catalogue's default
  const groessterVorlauf = Math.max(
    numberCustomizing(settings, 'FahrzeugZeitErinnerungsmail'),
    (await findGroessterWert(tx, 'FahrzeugZeitErinnerungsmail')) ?? 0,
  );
  if (groessterVorlauf <= 0) return 0;
  const buchungen = await findReservierteFahrtenIm(
    tx,
    now,
    new Date(now.getTime() + groessterVorlauf * 60_000),
  );
  if (buchungen.length === 0) return 0;
  const personen = new Map(
    (
      await findPersonen(tx, [
        ...new Set(buchungen.flatMap((b) => [b.benutzerId, ...(b.fahrerId ? [b.fahrerId] : [])])),
      ])
    ).map((p) => [p.id, p]),
  );
  const vorlauf = new Map<string, number>();
  const sprache = new Map<string, Language>();
  for (const id of personen.keys()) {
    const eigene = await loadEffectiveCustomizing(tx, id);
    vorlauf.set(id, numberCustomizing(eigene, 'FahrzeugZeitErinnerungsmail'));
    sprache.set(id, parseLanguage(stringCustomizing(eigene, 'Sprache')));
  }
  const faellig = fahrtErinnerungen({ buchungen, vorlauf, gesendet: await findGesendet(tx), now });
  if (faellig.length === 0) return 0;
  const fahrzeuge = new Map((await findJobFahrzeuge(tx)).map((f) => [f.id, f]));
  const buchungVon = new Map(buchungen.map((b) => [b.id, b]));
  let mails = 0;
  for (const f of faellig) {
    const b = buchungVon.get(f.buchungId)!;
    const fahrzeug = fahrzeuge.get(b.fahrzeugId);
    const p = personen.get(f.benutzerId);
    if (!fahrzeug || !p || p.status !== 'aktiv') continue;
    const id = await enqueueMail(
      tx,
      {
        mandantId,
        to: p.email,
        template: 'fahrzeug_buchung',
        language: sprache.get(p.id) ?? 'de',
        params: {
          typ: 'erinnerung',
          fahrzeug: `${fahrzeug.marke} ${fahrzeug.modell}`,
          kennzeichen: fahrzeug.kennzeichen,
          zeitraum: zeitraumText(b.von, b.bis),
          url: `${deps.publicUrl}/fahrzeuge`,
        },
      },
      now,
    );
    if (id) mails++;
  }
  await insertGesendet(
    tx,
    mandantId,
    faellig.map((f) => f.schluessel),
    now,
  );
  return mails;
};

export type FahrzeugJobDeps = { publicUrl: string };
export type Kontext = { mandantId: string; now: Date };

/** Settings are the tenant's: read as nobody (no user or group level applies to these tenant options). */
const NIEMAND = '00000000-0000-0000-0000-000000000000';

export const jobCustomizingAus = (settings: ResolvedCustomizing): JobCustomizing => ({
  checkInAktiv: booleanCustomizing(settings, 'FahrzeugCheckInAktiv'),
  autoStornoMinuten: numberCustomizing(settings, 'FahrzeugAutoStornoMinutenNachBeginn'),
  erinnerungMinuten: numberCustomizing(settings, 'FahrzeugErinnerungFehlenderCheckOutMinuten'),
  eskalationMinuten: numberCustomizing(settings, 'FahrzeugEskalationFehlenderCheckOutMinuten'),
  vorCheckOutInfoMinuten: numberCustomizing(settings, 'FahrzeugInfoFehlenderVorCheckOutMinuten'),
  pflegehinweisZeit: stringCustomizing(settings, 'FahrzeugPflegehinweisZeit'),
});

/** The tenant's settings, or null while vehicle booking is switched off for the tenant. */
export const ladeCustomizing = async (tx: Tx): Promise<ResolvedCustomizing | null> =>
  (await loadFeatureSwitches(tx)).FahrzeugBuchung ? loadEffectiveCustomizing(tx, NIEMAND) : null;

export const languageOf = async (tx: Tx, benutzerId: string): Promise<Language> =>
  parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, benutzerId), 'Sprache'));

export const fahrzeugText = (f: Pick<JobFahrzeug, 'marke' | 'modell' | 'kennzeichen'>) =>
  `${f.marke} ${f.modell} (${f.kennzeichen})`;

/** Fleet managers and vehicle caretakers: the active holders of fahrzeug_pflege (decision 067). */
const fuhrpark = async (tx: Tx): Promise<PersonRow[]> =>
  (await findPersonen(tx, await aktiveInhaber(tx, 'fahrzeug_pflege'))).filter((p) => p.status === 'aktiv');

const mailAn = async (
  tx: Tx,
  { mandantId, now }: Kontext,
  person: Pick<PersonRow, 'id' | 'email'>,
  params: (sprache: Language) => Parameters<typeof enqueueMail<'fahrzeug_hinweis'>>[1]['params'],
  anhaenge?: (sprache: Language) => Promise<MailAnhang[]>,
): Promise<void> => {
  const language = await languageOf(tx, person.id);
  await enqueueMail(
    tx,
    {
      mandantId,
      to: person.email,
      template: 'fahrzeug_hinweis',
      language,
      params: params(language),
      anhaenge: anhaenge ? await anhaenge(language) : undefined,
    },
    now,
  );
};

/**
 * Automatic release (spec §4): trips (type BUCHUNG only) without check-in the configured minutes after their
 * start become storniert with the reason as information text; booker and driver are mailed unless the
 * cancellation mail is switched off. Returns how many were cancelled.
 */
export const gibVersaeumteFahrtenFrei = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
): Promise<number> => {
  const settings = await ladeCustomizing(tx);
  if (!settings) return 0;
  const { now, mandantId } = kontext;
  const buchungen = await findOffeneBuchungen(tx, now);
  const historie = await findFahrtEintraege(
    tx,
    buchungen.map((b) => b.id),
  );
  const freigaben = new Map<string, FreigabeEntscheidung[]>();
  for (const f of await findFreigeber(
    tx,
    buchungen.filter((b) => b.typ === 'BUCHUNG' && b.status === 'reserviert').map((b) => b.id),
  ))
    freigaben.set(f.fahrzeugBuchungId, [
      ...(freigaben.get(f.fahrzeugBuchungId) ?? []),
      { isFreigegeben: f.isFreigegeben, freigegebenAm: f.freigegebenAt },
    ]);
  const faellige = autoStornoFaellige({
    buchungen,
    historie,
    freigaben,
    einstellungen: jobCustomizingAus(settings),
    now,
  });
  const mails = booleanCustomizing(settings, 'FahrzeugMailStornoSenden');
  let anzahl = 0;
  for (const { id, grund } of faellige) {
    const row = await lockBuchung(tx, id);
    if (row?.typ !== 'BUCHUNG' || !FAHRZEUG_BUCHUNG_UEBERGAENGE.autoStorno.von.includes(row.status)) continue;
    await updateBuchung(tx, id, {
      status: FAHRZEUG_BUCHUNG_UEBERGAENGE.autoStorno.nach,
      informationstext: grund,
    });
    anzahl++;
    if (mails)
      for (const p of await findPersonen(tx, [
        ...new Set([row.benutzerId, ...(row.fahrerId ? [row.fahrerId] : [])]),
      ])) {
        const language = await languageOf(tx, p.id);
        await enqueueMail(
          tx,
          {
            mandantId,
            to: p.email,
            template: 'fahrzeug_buchung',
            language,
            params: {
              typ: 'storniert',
              fahrzeug: `${row.marke} ${row.modell}`,
              kennzeichen: row.kennzeichen,
              zeitraum: zeitraumText(row.von, row.bis),
              url: `${deps.publicUrl}/fahrzeuge`,
              grund: stornoGrundText({ grund, sprache: language }),
            },
          },
          now,
        );
      }
    await meldeFahrzeugBuchung(tx, mandantId, { id, fahrzeugId: row.fahrzeugId }, [
      row.benutzerId,
      row.fahrerId,
    ]);
  }
  return anzahl;
};

/**
 * Missing check-out (spec §4): the booker's reminder, the fleet managers' and caretakers' escalation, the
 * next booker's notice (with a free car of the location when there is one) and the daily care notice.
 * Returns how many mails were written.
 */
export const sendeCheckOutHinweise = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
): Promise<number> => {
  const settings = await ladeCustomizing(tx);
  if (!settings) return 0;
  const { now, mandantId } = kontext;
  const einstellungen = jobCustomizingAus(settings);
  const buchungen = await findOffeneBuchungen(
    tx,
    new Date(now.getTime() + einstellungen.vorCheckOutInfoMinuten * 60_000),
  );
  if (buchungen.length === 0) return 0;
  const historie = await findFahrtEintraege(
    tx,
    buchungen.map((b) => b.id),
  );
  const gesendet = await findGesendet(tx);
  const fahrzeuge = new Map((await findJobFahrzeuge(tx)).map((f) => [f.id, f]));
  const buchungVon = new Map(buchungen.map((b) => [b.id, b]));
  const personen = new Map(
    (await findPersonen(tx, [...new Set(buchungen.map((b) => b.benutzerId))])).map((p) => [p.id, p]),
  );
  const url = `${deps.publicUrl}/fahrzeuge`;
  const neu: string[] = [];
  let mails = 0;
  const beschreibe = (id: string) => {
    const b = buchungVon.get(id);
    const f = b ? fahrzeuge.get(b.fahrzeugId) : undefined;
    return b && f ? { b, f, fahrzeug: fahrzeugText(f), zeitraum: zeitraumText(b.von, b.bis) } : null;
  };

  const mahnungen = checkOutMahnungen({ buchungen, historie, einstellungen, gesendet, now });
  const team = await fuhrpark(tx);
  if (booleanCustomizing(settings, 'FahrzeugMailCheckOutErinnerungSenden')) {
    for (const m of mahnungen.buchender) {
      const d = beschreibe(m.buchungId);
      const p = d && personen.get(d.b.benutzerId);
      if (!d || !p) continue;
      await mailAn(tx, kontext, p, () => ({
        art: 'checkout_buchender',
        fahrzeug: d.fahrzeug,
        zeitraum: d.zeitraum,
        url,
      }));
      mails++;
      neu.push(m.schluessel);
    }
    for (const m of mahnungen.fuhrpark) {
      const d = beschreibe(m.buchungId);
      if (!d) continue;
      const booker = personen.get(d.b.benutzerId);
      for (const p of team) {
        await mailAn(tx, kontext, p, () => ({
          art: 'checkout_fuhrpark',
          fahrzeug: d.fahrzeug,
          zeitraum: d.zeitraum,
          name: booker ? nameOf(booker) : '',
          url,
        }));
        mails++;
      }
      neu.push(m.schluessel);
    }
  }

  if (booleanCustomizing(settings, 'FahrzeugMailVorCheckOutSenden')) {
    const hinweise = vorCheckOutHinweise({ buchungen, historie, einstellungen, gesendet, now });
    for (const h of hinweise) {
      const d = beschreibe(h.buchungId);
      const p = d && personen.get(d.b.benutzerId);
      if (!d || !p) continue;
      const belegungen = await findBelegungenIm(tx, d.b.von, d.b.bis);
      const ersatz = freiesErsatzfahrzeug({
        fahrzeuge: [...fahrzeuge.values()].filter((f) => !f.deaktiviert),
        belegungen: [...belegungen, ...buchungen],
        historie,
        fahrzeugId: d.f.id,
        standortId: d.f.standortId,
        von: d.b.von,
        bis: d.b.bis,
      });
      await mailAn(tx, kontext, p, () => ({
        art: 'vorcheckout',
        fahrzeug: d.fahrzeug,
        zeitraum: d.zeitraum,
        ersatz: ersatz ? fahrzeugText(ersatz) : undefined,
        url,
      }));
      mails++;
      neu.push(h.schluessel);
    }
  }

  if (booleanCustomizing(settings, 'FahrzeugMailPflegehinweisSenden')) {
    const hinweis = pflegehinweis({ buchungen, historie, einstellungen, gesendet, now });
    if (hinweis && team.length > 0) {
      const zeilen = hinweis.buchungIds.flatMap((id) => {
        const d = beschreibe(id);
        const p = d && personen.get(d.b.benutzerId);
        return d ? [`${d.fahrzeug}, ${d.zeitraum}${p ? `, ${nameOf(p)}` : ''}`] : [];
      });
      for (const p of team) {
        await mailAn(tx, kontext, p, () => ({ art: 'pflegehinweis', eintraege: zeilen, url }));
        mails++;
      }
      neu.push(hinweis.schluessel);
    }
  }
  await insertGesendet(tx, mandantId, neu, now);
  return mails;
};

/** HU and UVV reminders to the fleet managers (decision 068): one mail per recipient listing what is due. */
export const sendePruefungsErinnerungen = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
): Promise<number> => {
  const settings = await ladeCustomizing(tx);
  if (!settings || !booleanCustomizing(settings, 'FahrzeugMailPruefungSenden')) return 0;
  const fahrzeuge = (await findJobFahrzeuge(tx)).filter((f) => !f.deaktiviert);
  const faellig = pruefungsErinnerungen({
    fahrzeuge,
    gesendet: await findGesendet(tx),
    now: kontext.now,
    vorlaufTage: numberCustomizing(settings, 'FahrzeugPruefungErinnerungVorlaufTage'),
  });
  const team = await fuhrpark(tx);
  if (faellig.length === 0 || team.length === 0) return 0;
  const byId = new Map(fahrzeuge.map((f) => [f.id, f]));
  const zeilen = (sprache: Language) =>
    faellig.map((e) => {
      const f = byId.get(e.fahrzeugId);
      const datum = formatDateDE(berlinInstant(e.faelligAm, '12:00'));
      const was = f ? fahrzeugText(f) : e.fahrzeugId;
      return sprache === 'en'
        ? `${was}: ${e.art} ${e.ueberfaellig ? 'overdue since' : 'due on'} ${datum}`
        : `${was}: ${e.art} ${e.ueberfaellig ? 'überfällig seit' : 'fällig am'} ${datum}`;
    });
  for (const p of team)
    await mailAn(tx, kontext, p, (sprache) => ({
      art: 'pruefung',
      eintraege: zeilen(sprache),
      url: `${deps.publicUrl}/admin/fahrzeuge`,
    }));
  await insertGesendet(
    tx,
    kontext.mandantId,
    faellig.map((e) => e.schluessel),
    kontext.now,
  );
  return team.length;
};
