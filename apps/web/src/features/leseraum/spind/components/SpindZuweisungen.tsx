import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TSpindbank, TSpindZuweisungEintrag } from '@stellwerk/domain/leseraum/spind/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import {
  useBeendeSpindZuweisung,
  useSpindBenutzer,
  useSpindZuweisungen,
  useWeiseSpindZu,
} from '../api/spind-api';

/** A permanent assignment: locker, user, end date. */
export function Zuweisung({ banken }: { banken: TSpindbank[] }) {
  const { t } = useTranslation();
  const [spindId, setSpindId] = useState<string | null>(null);
  const [suche, setSuche] = useState('');
  const [benutzerId, setBenutzerId] = useState<string | null>(null);
  const [bis, setBis] = useState(addCalendarDays(berlinDateKey(new Date()), 90));
  const [versucht, setVersucht] = useState(false);
  const benutzer = useSpindBenutzer(suche);
  const zuweisen = useWeiseSpindZu();
  const heute = berlinDateKey(new Date());
  const fehler = {
    spind: spindId ? null : t('validation.required'),
    benutzer: benutzerId ? null : t('validation.required'),
    bis: /^\d{4}-\d{2}-\d{2}$/.test(bis) && bis > heute ? null : t('spind.admin.bisFehler'),
  };
  return (
    <Card withBorder padding="sm">
      <Stack
        component="form"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          setVersucht(true);
          if (fehler.spind || fehler.benutzer || fehler.bis || !spindId || !benutzerId) return;
          zuweisen.mutate(
            { spindId, benutzerId, bis: berlinInstant(bis, '23:59').toISOString() },
            { onSuccess: () => setVersucht(false) },
          );
        }}
      >
        <Title order={3} fz="md">
          {t('spind.admin.zuweisung')}
        </Title>
        <Select
          label={t('spind.admin.spind')}
          data={banken.map((b) => ({
            group: b.name,
            items: b.spinde
              .filter((s) => !s.ausserBetrieb)
              .map((s) => ({ value: s.id, label: `${b.name} · ${t('spind.nummer', { nummer: s.nummer })}` })),
          }))}
          value={spindId}
          onChange={setSpindId}
          searchable
          error={versucht && fehler.spind}
          withAsterisk
        />
        <Select
          label={t('spind.admin.benutzer')}
          data={(benutzer.data ?? []).map((b) => ({
            value: b.id,
            label: `${b.vorname} ${b.nachname} (${b.email})`,
          }))}
          value={benutzerId}
          onChange={setBenutzerId}
          searchable
          searchValue={suche}
          onSearchChange={setSuche}
          nothingFoundMessage={benutzer.isFetching ? t('common.loading') : t('spind.admin.keinBenutzer')}
          filter={({ options }) => options}
          error={
            (versucht && fehler.benutzer) || (benutzer.error ? errorMessage(benutzer.error, t, 'de') : null)
          }
          withAsterisk
        />
        <TextInput
          type="date"
          label={t('spind.admin.bis')}
          value={bis}
          min={addCalendarDays(heute, 1)}
          onChange={(e) => setBis(e.currentTarget.value)}
          error={fehler.bis}
          withAsterisk
        />
        {zuweisen.error && <ErrorAlert error={zuweisen.error} />}
        {zuweisen.isSuccess && (
          <Text size="sm" c="teal" role="status">
            {t('spind.admin.zugewiesen')}
          </Text>
        )}
        <Button type="submit" loading={zuweisen.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('spind.admin.zuweisen')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The current and coming permanent assignments, by bank; ending one asks first (decision 229). */
export function SpindZuweisungen({ banken }: { banken: TSpindbank[] }) {
  const { t, i18n } = useTranslation();
  const [bankId, setBankId] = useState('');
  const liste = useSpindZuweisungen(bankId);
  const beenden = useBeendeSpindZuweisung();
  const [frage, setFrage] = useState<TSpindZuweisungEintrag | null>(null);
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="spind-zuweisungen-titel">
      <Stack gap="sm">
        <Title order={3} fz="md" id="spind-zuweisungen-titel">
          {t('spind.admin.zuweisungen')}
        </Title>
        <Select
          label={t('spind.admin.zuweisungenBank')}
          data={[
            { value: '', label: t('spind.admin.alleBanken') },
            ...banken.map((b) => ({ value: b.id, label: b.name })),
          ]}
          value={bankId}
          onChange={(v) => setBankId(v ?? '')}
          allowDeselect={false}
          style={{ maxWidth: 320 }}
        />
        {liste.isPending ? (
          <LoadingState rows={2} />
        ) : liste.error ? (
          <ErrorAlert error={liste.error} onRetry={() => void liste.refetch()} />
        ) : liste.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('spind.admin.keineZuweisungen')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {liste.data.map((z) => (
              <Card key={z.id} withBorder padding="xs" component="li" data-testid="spind-zuweisung">
                <Group justify="space-between" wrap="wrap">
                  <div>
                    <Text fw={600}>
                      {z.bank} · {t('spind.nummer', { nummer: z.nummer })} · {z.benutzer}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('spind.admin.zuweisungZeitraum', {
                        von: formatDateTime(z.von, i18n.language),
                        bis: formatDateTime(z.bis, i18n.language),
                      })}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Badge variant="light" color={z.stand === 'laufend' ? 'teal' : 'gray'}>
                      {z.stand === 'laufend' ? t('spind.admin.laufend') : t('spind.admin.kommend')}
                    </Badge>
                    <Button variant="light" color="red" size="xs" onClick={() => setFrage(z)}>
                      {t('spind.admin.beenden')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={frage !== null}
        title={t('spind.admin.beendenTitel')}
        message={
          frage
            ? frage.stand === 'laufend'
              ? t('spind.admin.beendenFrage', {
                  nummer: frage.nummer,
                  bank: frage.bank,
                  benutzer: frage.benutzer,
                })
              : t('spind.admin.beendenFrageKommend', {
                  nummer: frage.nummer,
                  bank: frage.bank,
                  benutzer: frage.benutzer,
                })
            : ''
        }
        confirmLabel={t('spind.admin.beenden')}
        cancelLabel={t('spind.abbrechen')}
        loading={beenden.isPending}
        error={beenden.error ? errorMessage(beenden.error, t, i18n.language) : null}
        onClose={() => {
          setFrage(null);
          beenden.reset();
        }}
        onConfirm={() => frage && beenden.mutate(frage.id, { onSuccess: () => setFrage(null) })}
      />
    </Card>
  );
}
