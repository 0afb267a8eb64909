/**
 * Erasing a person (decision 235): the audit log keeps every entry (who changed what and when stays traceable,
 * Art. 17 (3) GDPR with Art. 6 (1) f), but the entries about the person (`entity = 'benutzer'`, their id) lose
 * their old and new values, which hold name, address and user name. The person's own actions keep their id only,
 * which names nobody once the person is erased. The application role may not change the log (migration 0002), so
 * this one statement runs as the platform role (`asOwner`), still bound to the tenant.
 */
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { asOwner } from '../../identitaet/auth/auth.accounts.ts';
import { auditLog } from './audit.table.ts';

export const entferneWerteUeberPerson = async (
  tx: Tx,
  { mandantId, benutzerId }: { mandantId: string; benutzerId: string },
): Promise<number> => {
  const geaendert = await asOwner(tx, () =>
    tx
      .update(auditLog)
      .set({ oldValue: null, newValue: null })
      .where(
        and(
          eq(auditLog.mandantId, mandantId),
          eq(auditLog.entity, 'benutzer'),
          eq(auditLog.entityId, benutzerId),
          or(isNotNull(auditLog.oldValue), isNotNull(auditLog.newValue)),
        ),
      )
      .returning({ id: auditLog.id }),
  );
  return geaendert.length;
};
