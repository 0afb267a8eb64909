/** Locker banks and lockers (decision 186): list, create a bank with numbered lockers, import a bank's CSV. */

import { DomainError } from '@stellwerk/domain/errors';
import type { TSpindbank, TSpindbankNeu } from '@stellwerk/domain/leseraum/spind/api';
import { parseSpindCsv } from '@stellwerk/domain/leseraum/spind/csv';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import {
  bankAlsRegel,
  findBank,
  findBanken,
  findSpindeDerBanken,
  type SpindbankRow,
} from './spind.repository.ts';
import { spind, spindbank } from './spind.table.ts';

const view = (bank: SpindbankRow, spinde: Awaited<ReturnType<typeof findSpindeDerBanken>>): TSpindbank => ({
  id: bank.id,
  standortId: bank.standortId,
  name: bank.name,
  ort: bankAlsRegel(bank).ort,
  spinde: spinde
    .filter((s) => s.bankId === bank.id)
    .sort((a, b) => a.nummer.localeCompare(b.nummer, 'de', { numeric: true }))
    .map((s) => ({
      id: s.id,
      nummer: s.nummer,
      groesse: s.groesse as 'S' | 'M' | 'L',
      barrierefrei: s.barrierefrei,
      ausserBetrieb: s.ausserBetrieb,
    })),
});

export const listeSpindbanken = (deps: SpindDeps, user: SessionUser, standortId?: string) =>
  inSpindModul(deps, user, async (tx) => {
    const banken = await findBanken(tx, standortId);
    const spinde = await findSpindeDerBanken(
      tx,
      banken.map((b) => b.id),
    );
    return banken.map((b) => view(b, spinde));
  });

export const legeSpindbankAn = (
  deps: SpindDeps,
  user: SessionUser,
  neu: TSpindbankNeu & { anzahl: number },
) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(deps, user, async (tx) => {
    const [bank] = await tx
      .insert(spindbank)
      .values({
        mandantId: user.mandantId,
        standortId: neu.standortId,
        name: neu.name,
        grundrissId: neu.ort?.grundrissId ?? null,
        x: neu.ort?.x ?? null,
        y: neu.ort?.y ?? null,
      })
      .returning();
    const b = bank as SpindbankRow;
    const spinde =
      neu.anzahl > 0
        ? await tx
            .insert(spind)
            .values(
              Array.from({ length: neu.anzahl }, (_, i) => ({
                mandantId: user.mandantId,
                bankId: b.id,
                nummer: String(i + 1),
                groesse: neu.groesse ?? 'M',
              })),
            )
            .returning()
        : [];
    return view(b, spinde);
  });
};

/** All or nothing: every line is checked first; one bad line and nothing is written. */
export const importiereSpinde = (deps: SpindDeps, user: SessionUser, bankId: string, csv: string) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(deps, user, async (tx) => {
    const bank = await findBank(tx, bankId);
    if (!bank) throw nichtGefunden('spindbank', bankId);
    const vorhandene = new Set((await findSpindeDerBanken(tx, [bankId])).map((s) => s.nummer));
    const { zeilen, fehler } = parseSpindCsv(csv, vorhandene);
    if (fehler.length > 0)
      throw new DomainError('spind.csv_fehler', {
        zeilen: fehler.map((f) => `Zeile ${f.zeile}: ${f.meldung}`).join(' '),
      });
    await tx.insert(spind).values(zeilen.map((z) => ({ mandantId: user.mandantId, bankId, ...z })));
    return { angelegt: zeilen.length };
  });
};
