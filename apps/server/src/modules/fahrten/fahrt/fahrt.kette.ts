import { DomainError } from '@stellwerk/domain/errors';
import type { TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { kettenPruefer, kopfPruefer } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findAnker, findKettenKopf, findKettenSeite, findKopfHash } from './fahrt.fahrtenbuch.repository.ts';
import { darfLesen, type FahrtDeps, imModul, sha256 } from './fahrt.kontext.ts';
import { toAnker } from './fahrt.presenter.ts';
import { findFahrzeugKopf } from './fahrt.repository.ts';

/** Versions per page of the chain check: a long chain is never held whole. */
const PRUEFUNG_SEITE = 1000;

/**
 * Recomputes a vehicle's whole chain from its anchor (decision 081) and compares it with the heads the database
 * recorded at every append (decision 091): the first version whose content or link does not fit, else a removed
 * tail (or stretch) by number, else a stored version that is not the one recorded. Read in pages within `tx`.
 */
export const kettenBefund = async (tx: Tx, fahrzeugId: string): Promise<TKettenPruefung> => {
  const anker = await findAnker(tx, fahrzeugId);
  const ab = anker?.bisLaufnummer ?? 0;
  const kette = kettenPruefer({ hash: sha256, anfang: anker?.hash });
  const koepfe = kopfPruefer({
    ab,
    anker: anker ? { hash: anker.hash, kopfHash: await findKopfHash(tx, fahrzeugId, ab) } : null,
  });
  let fehlerNr = 0;
  let nach = ab;
  for (;;) {
    const seite = await findKettenSeite(tx, { fahrzeugId, nachLaufnummer: nach, anzahl: PRUEFUNG_SEITE });
    for (const e of seite) {
      const { kopfHash, laufnummer, ...eintrag } = e;
      kette.glied(eintrag);
      if (fehlerNr === 0 && !kette.ergebnis().ok) fehlerNr = laufnummer;
      koepfe.glied({ laufnummer, hash: e.hash, kopfHash });
    }
    if (seite.length < PRUEFUNG_SEITE) break;
    nach = seite.at(-1)?.laufnummer ?? nach;
  }
  const kopf = (await findKettenKopf(tx, fahrzeugId)) ?? null;
  const ergebnis = kette.ergebnis();
  const kopfBefund = koepfe.ende(kopf);
  const gemeinsam = { anzahl: ergebnis.anzahl, anker: toAnker(anker), kopf };
  if (!ergebnis.ok)
    return {
      ...gemeinsam,
      ok: false,
      letzterHash: null,
      fehler: {
        laufnummer: fehlerNr,
        bisLaufnummer: fehlerNr,
        id: ergebnis.id,
        grund: ergebnis.grund,
      },
    };
  if (!kopfBefund.ok)
    return {
      ...gemeinsam,
      ok: false,
      letzterHash: null,
      fehler: {
        laufnummer: kopfBefund.laufnummer,
        bisLaufnummer: kopfBefund.bisLaufnummer,
        id: null,
        grund: kopfBefund.grund,
      },
    };
  return { ...gemeinsam, ok: true, letzterHash: ergebnis.letzterHash, fehler: null };
};

/** POST /api/fahrzeuge/{id}/fahrtenbuch/pruefung: recomputes the vehicle's whole chain (the `verify` action). */
export const pruefeFahrtenbuch = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
): Promise<TKettenPruefung> =>
  imModul(deps, user, async (tx) => {
    if (!darfLesen(user)) throw new DomainError('auth.forbidden');
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw nichtGefunden('fahrzeug', fahrzeugId);
    return kettenBefund(tx, fahrzeugId);
  });
