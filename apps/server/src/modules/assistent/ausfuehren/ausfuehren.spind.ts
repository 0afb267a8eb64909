/**
 * Lockers through the assistant (decision 249): 'wo ist mein Spind?' answers the caller's own lockers as 'Mein
 * Spind' shows them (the PIN only on the day), and a day locker is booked through the screen's own operation
 * (`bucheSpindFuerTag`: the nearest free locker of the caller's size setting, or larger) after a dry run. Both
 * follow the tenant's Officelocker switch: switched off, the answer is `assistent.spinde_aus`.
 */
import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { meineSpindeText, spindGebuchtText } from '@stellwerk/domain/assistent/spind';
import { normalisiere } from '@stellwerk/domain/assistent/text';
import { zeitraumText } from '@stellwerk/domain/assistent/zusammenfassung';
import { isDomainError } from '@stellwerk/domain/errors';
import { isSpindGroesse, type SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { booleanCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { bucheSpindFuerTag, spindFuerTagVorschau } from '../../leseraum/spind/spind.buchen.ts';
import { meineSpinde } from '../../leseraum/spind/spind.mein.ts';
import { freieSpinde, spindStandorte } from '../../leseraum/spind/spind.pflege.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

/**
 * Runs the locker operations; the locker pages answer 404 while the Officelocker switch is off, which the assistant
 * says in words, and every other catalogue refusal is the screen's text.
 */
const mitSpinden = async (a: Auftrag, fn: () => Promise<TAusfuehrenAntwort>) => {
  try {
    return await fn();
  } catch (e) {
    if (isDomainError(e) && e.code === 'not_found') return abgelehnt(a, 'assistent.spinde_aus');
    return alsAblehnung(a, () => Promise.reject(e));
  }
};

const alsSpinde = async (a: Auftrag) =>
  (await meineSpinde(a.deps, a.user)).map((s) => ({
    buchungId: s.buchungId,
    nummer: s.nummer,
    bank: s.bank,
    von: s.von,
    bis: s.bis,
    pin: s.pin,
  }));

/** 'Wo ist mein Spind?': the caller's lockers from today on. */
export const meinSpind = (a: Auftrag): Promise<TAusfuehrenAntwort> =>
  mitSpinden(a, async () => {
    const spinde = await alsSpinde(a);
    return { ...a.antwort, art: 'auskunft', zusammenfassung: meineSpindeText(spinde, a.sprache), spinde };
  });

/**
 * A locker for one Berlin day (the day read, today without one) at the location read (the only location with
 * lockers without one; several: the question back names them). Several days are refused: the screen books one.
 */
export const spindBuchen = (a: Auftrag): Promise<TAusfuehrenAntwort> =>
  mitSpinden(a, async () => {
    const { deps, user, lesung, sprache } = a;
    const tag = lesung.von ? berlinDateKey(new Date(lesung.von)) : berlinDateKey(deps.now());
    if (
      lesung.bis &&
      berlinInstant(addCalendarDays(tag, 1), '00:00').getTime() < new Date(lesung.bis).getTime()
    )
      return abgelehnt(a, 'assistent.nicht_ausfuehrbar');
    const standorte = (await spindStandorte(deps, user)).filter((s) => s.banken > 0);
    const standort = lesung.standort
      ? standorte.find((s) => normalisiere(s.name) === normalisiere(lesung.standort ?? ''))
      : standorte.length === 1
        ? standorte[0]
        : undefined;
    if (!standort) {
      const antwort = abgelehnt(a, 'assistent.standort_fehlt', {
        liste: standorte.map((s) => s.name).join(', '),
      });
      return { ...antwort, art: 'rueckfrage', fehler: null };
    }
    const settings = await deps.database.withTenant(user.mandantId, (tx) =>
      loadEffectiveCustomizing(tx, user.benutzerId),
    );
    const wunsch = stringCustomizing(settings, 'SpindGroesse');
    const groesse: SpindGroesse = isSpindGroesse(wunsch) ? wunsch : 'M';
    const barrierefrei = booleanCustomizing(settings, 'SpindBarrierefrei');
    const zeitraum = zeitraumText(
      {
        von: berlinInstant(tag, '00:00').toISOString(),
        bis: berlinInstant(addCalendarDays(tag, 1), '00:00').toISOString(),
        ganztags: true,
      },
      sprache,
    );
    const lesungMitOrt = { ...lesung, standort: standort.name };
    if (!a.eingabe.bestaetigt) {
      // the locker the booking's own rule takes now (the nearest free one of the size or larger)
      const wahl = { tag, standortId: standort.id, groesse, barrierefrei };
      let spindId: string;
      try {
        spindId = await spindFuerTagVorschau(deps, user, wahl);
      } catch (e) {
        if (isDomainError(e) && e.code === 'spind.keiner_frei')
          return abgelehnt(a, 'spind.keiner_frei', {}, { lesung: lesungMitOrt });
        throw e;
      }
      const erster = (await freieSpinde(deps, user, tag, standort.id)).find((s) => s.spindId === spindId);
      if (!erster) return abgelehnt(a, 'spind.keiner_frei', {}, { lesung: lesungMitOrt });
      return {
        ...a.antwort,
        lesung: lesungMitOrt,
        art: 'bestaetigen',
        zusammenfassung: spindGebuchtText(erster, standort.name, zeitraum, false, sprache),
      };
    }
    const row = await bucheSpindFuerTag(deps, user, { tag, standortId: standort.id, groesse, barrierefrei });
    const spinde = (await alsSpinde(a)).filter((s) => s.buchungId === row.id);
    const gebucht = spinde[0];
    return {
      ...a.antwort,
      lesung: lesungMitOrt,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      buchungId: row.id,
      spinde,
      zusammenfassung: gebucht ? spindGebuchtText(gebucht, standort.name, zeitraum, true, sprache) : zeitraum,
    };
  });
