import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { stornoGrundText } from '@stellwerk/domain/fahrzeuge/fahrzeug/rules';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { isFremdStorno, isInMeinenBuchungen } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { OfflineStand } from '../../../../components/OfflineStand';
import { errorMessage } from '../../../../lib/error-message';
import {
  EIGENE_PFAD,
  type FahrtSchrittArt,
  useEigeneFahrzeugBuchungen,
  useStorniereBuchung,
} from '../api/fahrzeug-buchung-api';
import { zeitraumText } from '../hooks/zeit-felder';
import { FahrtDialog } from './FahrtDialog';
import { FreigeberStand } from './FreigeberStand';
import { StornoDialog } from './FremdeBuchungen';

/** Light badges with dark text: the light colours' own text misses 4.5:1 at badge size (axe). */
const LESBAR = { label: { color: 'var(--mantine-color-dark-7)' } };

/** The domain rule's view of an API booking: who booked it and who cancelled it, as ids. */
const regelSicht = (b: TFahrzeugBuchung) => ({
  status: b.status,
  informationstext: b.informationstext,
  bis: new Date(b.bis),
  benutzerId: b.buchender.id,
  storniertVon: b.storniertVon?.id ?? null,
});

/**
 * A trip cancelled by someone other than its booker: who cancelled it (staff, an approver) and why, or the system's
 * reason in the user's language (decisions 135, 149).
 */
function FremdStorno({ buchung }: { buchung: TFahrzeugBuchung }) {
  const { t, i18n } = useTranslation();
  if (!isFremdStorno(regelSicht(buchung))) return null;
  const grund = buchung.informationstext
    ? stornoGrundText({ grund: buchung.informationstext, sprache: i18n.language === 'en' ? 'en' : 'de' })
    : null;
  const von = buchung.storniertVon;
  let text: string | null = null;
  if (von && grund) text = t('fahrzeugBuchung.meine.stornoGrundVon', { name: von.name, grund });
  else if (von) text = t('fahrzeugBuchung.meine.stornoVon', { name: von.name });
  else if (grund) text = t('fahrzeugBuchung.meine.stornoGrund', { grund });
  if (!text) return null;
  return (
    <Text size="sm" mt={4} data-testid="storno-grund">
      {text}
    </Text>
  );
}

function BuchungKarte({
  buchung,
  benutzerId,
  onAendern,
  onFahrt,
}: {
  buchung: TFahrzeugBuchung;
  benutzerId: string;
  onAendern: () => void;
  onFahrt: (art: FahrtSchrittArt) => void;
}) {
  const { t, i18n } = useTranslation();
  const storno = useStorniereBuchung();
  const [fragen, setFragen] = useState(false);
  const fahrzeug = `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}`;
  const wann = zeitraumText(buchung.von, buchung.bis, i18n.language);
  const statusText: Record<TFahrzeugBuchung['status'], string> = {
    vorgemerkt: t('fahrzeugBuchung.status.vorgemerkt'),
    reserviert: t('fahrzeugBuchung.status.reserviert'),
    aktiv: t('fahrzeugBuchung.status.aktiv'),
    durchgeführt: t('fahrzeugBuchung.status.durchgefuehrt'),
    storniert: t('fahrzeugBuchung.status.storniert'),
    verschlossen: t('fahrzeugBuchung.status.verschlossen'),
  };
  const a = buchung.aktionen;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-buchung-id={buchung.id}
      component="article"
      aria-label={`${fahrzeug}, ${wann}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700}>
            {fahrzeug} · {buchung.fahrzeug.kennzeichen}
          </Text>
          <Text size="sm">{wann}</Text>
        </div>
        <Group gap={4}>
          <Badge
            variant="light"
            styles={LESBAR}
            tt="none"
            color={buchung.status === 'storniert' ? 'gray' : 'blue'}
          >
            {statusText[buchung.status]}
          </Badge>
          {a.wartetAufFreigabe && (
            <Badge variant="light" styles={LESBAR} tt="none" color="yellow">
              {t('fahrzeugBuchung.meine.wartetAufFreigabe')}
            </Badge>
          )}
        </Group>
      </Group>
      <FremdStorno buchung={buchung} />
      {buchung.anlass && (
        <Text size="sm" mt={4}>
          {t('fahrzeugBuchung.dialog.anlass')}: {buchung.anlass}
        </Text>
      )}
      {buchung.zielAdresse && (
        <Text size="sm">
          {t('fahrzeugBuchung.dialog.zielAdresse')}: {buchung.zielAdresse}
        </Text>
      )}
      {buchung.fahrer && buchung.fahrer.id !== buchung.buchender.id && (
        <Text size="sm" c="dimmed">
          {buchung.fahrer.id === benutzerId
            ? t('fahrzeugBuchung.meine.gebuchtVon', { name: buchung.buchender.name })
            : t('fahrzeugBuchung.meine.fahrer', { name: buchung.fahrer.name })}
        </Text>
      )}
      {buchung.mitfahrer.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('fahrzeugBuchung.dialog.mitfahrer')}:{' '}
          {buchung.mitfahrer.map((m) => `${m.nummer}. ${m.name}`).join(', ')}
        </Text>
      )}
      <FreigeberStand buchung={buchung} />
      {(a.kannAendern || a.kannStornieren || a.kannEinchecken || a.kannAuschecken) && (
        <Group gap="xs" mt="sm">
          {a.kannEinchecken && (
            <Button size="xs" onClick={() => onFahrt('check-in')}>
              {t('fahrzeugBuchung.fahrt.checkIn')}
            </Button>
          )}
          {a.kannAuschecken && (
            <Button size="xs" onClick={() => onFahrt('check-out')}>
              {t('fahrzeugBuchung.fahrt.checkOut')}
            </Button>
          )}
          {a.kannAendern && (
            <Button size="xs" variant="default" onClick={onAendern}>
              {t('fahrzeugBuchung.meine.aendern')}
            </Button>
          )}
          {a.kannStornieren && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setFragen(true)}>
              {t('fahrzeugBuchung.meine.stornieren')}
            </Button>
          )}
        </Group>
      )}
      {/* a trip someone else booked for the user: cancelled only with a reason for the booker (decision 149) */}
      {buchung.buchender.id !== benutzerId ? (
        <StornoDialog buchung={fragen ? buchung : null} onClose={() => setFragen(false)} />
      ) : (
        <ConfirmDialog
          opened={fragen}
          title={t('fahrzeugBuchung.meine.stornoTitel')}
          message={t('fahrzeugBuchung.meine.stornoFrage', { fahrzeug, wann })}
          confirmLabel={t('fahrzeugBuchung.meine.stornieren')}
          cancelLabel={t('fahrzeugBuchung.meine.behalten')}
          loading={storno.isPending}
          error={storno.error ? errorMessage(storno.error, t, i18n.language) : null}
          onConfirm={() => storno.mutate(buchung.id, { onSuccess: () => setFragen(false) })}
          onClose={() => {
            storno.reset();
            setFragen(false);
          }}
        />
      )}
    </Card>
  );
}

/**
 * "Meine Buchungen": the trips the user booked or drives that have not ended, with change, cancel, check-in and
 * check-out as each booking's `aktionen` allow; a trip the system or another person (staff, an approver) cancelled
 * stays as 'Storniert' with who cancelled it and the reason until 14 days after its end (decisions 135, 149). Other users' changes arrive through the live event `fahrzeug_buchung`.
 */
export function MeineBuchungen({
  benutzerId,
  onAendern,
}: {
  benutzerId: string;
  onAendern: (buchung: TFahrzeugBuchung) => void;
}) {
  const { t } = useTranslation();
  const list = useEigeneFahrzeugBuchungen();
  const [fahrt, setFahrt] = useState<{ buchung: TFahrzeugBuchung; art: FahrtSchrittArt } | null>(null);
  if (list.isPending) return <LoadingState />;
  if (list.error) return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  // cancelled by the system or another person: shown a while after its end with the reason (decisions 135, 149)
  const now = new Date();
  const offen = list.data.filter((b) => isInMeinenBuchungen({ buchung: regelSicht(b), now }));
  if (offen.length === 0)
    return (
      <Stack gap="sm">
        <OfflineStand pfad={EIGENE_PFAD} />
        <Text c="dimmed" size="sm">
          {t('fahrzeugBuchung.meine.leer')}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <OfflineStand pfad={EIGENE_PFAD} />
      {offen.map((b) => (
        <BuchungKarte
          key={b.id}
          buchung={b}
          benutzerId={benutzerId}
          onAendern={() => onAendern(b)}
          onFahrt={(art) => setFahrt({ buchung: b, art })}
        />
      ))}
      <FahrtDialog
        buchung={fahrt?.buchung ?? null}
        art={fahrt?.art ?? 'check-in'}
        onClose={() => setFahrt(null)}
      />
    </Stack>
  );
}
