import { Button, Stack, Text, Title } from '@mantine/core';
import type { TOffenerSchaden } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { useOffeneSchaeden, useSchadenBehoben } from '../api/fahrtenbuch-api';
import { SchadenKarte } from './SchadenKarte';

/**
 * The vehicle's open damages in its detail, for the fleet managers (fahrzeug_pflege; decision 075):
 * place, description, photo, who reported it when, and "Behoben" after a confirmation. A repaired damage is no
 * longer shown at check-in; a DEFEKT block stays until it is lifted.
 */
export function OffeneSchaeden({ fahrzeugId }: { fahrzeugId: string }) {
  const { t, i18n } = useTranslation();
  const liste = useOffeneSchaeden(fahrzeugId, true);
  const behoben = useSchadenBehoben(fahrzeugId);
  const [frage, setFrage] = useState<TOffenerSchaden | null>(null);
  const schliessen = () => {
    behoben.reset();
    setFrage(null);
  };
  return (
    <section aria-labelledby="fahrzeug-schaeden">
      <Title order={3} fz="md" mb={6} id="fahrzeug-schaeden">
        {t('fahrzeugBuchung.schaeden.titel')}
      </Title>
      {liste.isPending && <LoadingState rows={2} />}
      {liste.error && <ErrorAlert error={liste.error} onRetry={() => void liste.refetch()} />}
      {liste.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('fahrzeugBuchung.schaeden.keine')}
        </Text>
      )}
      {liste.data && liste.data.length > 0 && (
        <Stack gap={6}>
          {liste.data.map((s) => (
            <SchadenKarte
              key={s.id}
              schaden={s}
              aktion={
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setFrage(s)}
                  aria-label={t('fahrzeugBuchung.schaeden.behobenFuer', { beschreibung: s.beschreibung })}
                >
                  {t('fahrzeugBuchung.schaeden.behoben')}
                </Button>
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={frage !== null}
        title={t('fahrzeugBuchung.schaeden.frageTitel')}
        message={t('fahrzeugBuchung.schaeden.frage', { beschreibung: frage?.beschreibung ?? '' })}
        confirmLabel={t('fahrzeugBuchung.schaeden.behoben')}
        cancelLabel={t('fahrzeugBuchung.dialog.abbrechen')}
        color="blue"
        loading={behoben.isPending}
        error={behoben.error ? errorMessage(behoben.error, t, i18n.language) : null}
        onConfirm={() => frage && behoben.mutate(frage.id, { onSuccess: schliessen })}
        onClose={schliessen}
      />
    </section>
  );
}
