import { Button, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TBenutzerLeseraum } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useBenutzerLeseraum, usePlatzOptionen, useSetBenutzerLeseraum } from '../api/benutzer-leseraum-api';

/**
 * The user dialog's reading-room part (R081, R089, R090, decision 138): administrators mark the person as
 * fire-safety or first-aid helper and assign their own place.
 */
export function BenutzerLeseraum({ benutzerId }: { benutzerId: string }) {
  const { t } = useTranslation();
  const daten = useBenutzerLeseraum(benutzerId);
  const optionen = usePlatzOptionen();
  const save = useSetBenutzerLeseraum(benutzerId);
  const [werte, setWerte] = useState<TBenutzerLeseraum | null>(null);
  useEffect(() => {
    if (daten.data) setWerte(daten.data);
  }, [daten.data]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="benutzer-leseraum-titel">
      <Title order={3} size="h5" id="benutzer-leseraum-titel">
        {t('eigenerPlatz.titel')}
      </Title>
      {daten.isError && <ErrorAlert error={daten.error} onRetry={() => void daten.refetch()} />}
      {werte && (
        <>
          <Group gap="lg">
            <Checkbox
              label={t('eigenerPlatz.brandschutzhelfer')}
              checked={werte.brandschutzhelfer}
              onChange={(e) => setWerte({ ...werte, brandschutzhelfer: e.currentTarget.checked })}
            />
            <Checkbox
              label={t('eigenerPlatz.ersthelfer')}
              checked={werte.ersthelfer}
              onChange={(e) => setWerte({ ...werte, ersthelfer: e.currentTarget.checked })}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('eigenerPlatz.helferHinweis')}
          </Text>
          <Select
            label={t('eigenerPlatz.platz')}
            description={t('eigenerPlatz.platzHinweis')}
            placeholder={t('eigenerPlatz.keiner')}
            data={optionen.data ?? []}
            value={werte.eigenerPlatzId}
            onChange={(value) => setWerte({ ...werte, eigenerPlatzId: value })}
            clearable
            searchable
          />
          {save.error && <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button
              variant="light"
              loading={save.isPending}
              onClick={() =>
                save.mutate(werte, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: t('eigenerPlatz.gespeichert') }),
                })
              }
            >
              {t('eigenerPlatz.speichern')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
