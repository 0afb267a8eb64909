import { Alert, Button, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatError } from '@stellwerk/domain/errors';
import type {
  TBetroffeneBuchung,
  TOeffnungszeit,
  TOeffnungszeitenInput,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { weekdayLabel } from '../../../../components/CustomizingControl';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { errorMessage } from '../../../../lib/error-message';
import { useSaveWoche, useWoche } from '../api/oeffnungszeiten';
import { pruefeTag, sortiereWoche, type TagFehler } from '../api/woche';
import { BetroffeneListe } from './BetroffeneListe';

/**
 * The weekly opening hours of a floor plan, Monday to Sunday, saved together. Closing a weekday over
 * bookings lists them first and cancels them only after confirming, like a closing special opening time.
 */
export function WochenTabelle({ grundrissId }: { grundrissId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const query = useWoche(grundrissId);
  const save = useSaveWoche(grundrissId);
  const [tage, setTage] = useState<TOeffnungszeit[]>([]);
  const [fehler, setFehler] = useState<Record<number, TagFehler>>({});
  const [saved, setSaved] = useState(false);
  const [bestaetigen, setBestaetigen] = useState<{
    input: TOeffnungszeitenInput;
    buchungen: TBetroffeneBuchung[];
  } | null>(null);

  useEffect(() => {
    if (query.data) setTage(sortiereWoche(query.data.tage));
  }, [query.data]);

  if (query.isPending) return <LoadingState rows={7} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const update = (wochentag: number, patch: Partial<TOeffnungszeit>) => {
    setSaved(false);
    save.reset();
    setTage((current) => current.map((tag) => (tag.wochentag === wochentag ? { ...tag, ...patch } : tag)));
    setFehler(({ [wochentag]: _, ...rest }) => rest);
  };

  const message = (tag: TOeffnungszeit, kind: 'zeit' | 'reihenfolge' | undefined) =>
    kind === 'zeit'
      ? formatError('zeit.ungueltig', language)
      : kind === 'reihenfolge'
        ? formatError('oeffnungszeit.von_nach_bis', language, { von: tag.von, bis: tag.bis })
        : undefined;

  const submit = () => {
    const found: Record<number, TagFehler> = {};
    for (const tag of tage) {
      const f = pruefeTag(tag);
      if (f) found[tag.wochentag] = f;
    }
    setFehler(found);
    if (Object.keys(found).length > 0) return;
    send({ tage: tage.map(({ wochentag, von, bis, geoeffnet }) => ({ wochentag, von, bis, geoeffnet })) });
  };

  const send = (input: TOeffnungszeitenInput) =>
    save.mutate(input, {
      onSuccess: (result) => {
        if (result.kind === 'confirm') {
          setBestaetigen({ input, buchungen: result.buchungen });
          return;
        }
        setBestaetigen(null);
        setSaved(true);
        const anzahl = result.saved.storniert.length;
        if (anzahl > 0)
          notifications.show({
            color: 'teal',
            message: t('adminOeffnungszeiten.storniert', { count: anzahl }),
          });
      },
      onError: () => setBestaetigen(null),
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {!query.data.gespeichert && (
          <Alert color="blue" variant="light" role="note">
            {t('adminOeffnungszeiten.nochNichtGespeichert')}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminOeffnungszeiten.wochentag')}</Table.Th>
                <Table.Th>{t('adminOeffnungszeiten.geoeffnet')}</Table.Th>
                <Table.Th>{t('adminOeffnungszeiten.von')}</Table.Th>
                <Table.Th>{t('adminOeffnungszeiten.bis')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tage.map((tag) => {
                const name = weekdayLabel(tag.wochentag, t);
                const f = fehler[tag.wochentag];
                return (
                  <Table.Tr key={tag.wochentag} data-wochentag={tag.wochentag}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={tag.geoeffnet}
                        onChange={(event) =>
                          update(tag.wochentag, { geoeffnet: event.currentTarget.checked })
                        }
                        aria-label={t('adminOeffnungszeiten.geoeffnetAm', { tag: name })}
                      />
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <TextInput
                        value={tag.von}
                        onChange={(event) => update(tag.wochentag, { von: event.currentTarget.value })}
                        aria-label={t('adminOeffnungszeiten.vonAm', { tag: name })}
                        placeholder="HH:mm"
                        maxLength={20}
                        maw={170}
                        styles={{ input: { width: 68, paddingInline: 8 } }}
                        error={message(tag, f?.von)}
                      />
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <TextInput
                        value={tag.bis}
                        onChange={(event) => update(tag.wochentag, { bis: event.currentTarget.value })}
                        aria-label={t('adminOeffnungszeiten.bisAm', { tag: name })}
                        placeholder="HH:mm"
                        maxLength={20}
                        maw={170}
                        styles={{ input: { width: 68, paddingInline: 8 } }}
                        error={message(tag, f?.bis)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {save.isError && !bestaetigen && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t, language)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending && !bestaetigen}>
            {t('adminOeffnungszeiten.wocheSpeichern')}
          </Button>
          <Text size="sm" c="teal.9" role="status" aria-live="polite">
            {saved ? t('customizing.saved') : ''}
          </Text>
        </Group>
      </Stack>
      <ConfirmModal
        opened={bestaetigen !== null}
        title={t('adminOeffnungszeiten.stornoTitle')}
        confirmLabel={t('adminOeffnungszeiten.stornoConfirm')}
        onClose={() => setBestaetigen(null)}
        loading={save.isPending}
        onConfirm={() => bestaetigen && send({ ...bestaetigen.input, confirmCancel: true })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('adminOeffnungszeiten.stornoText', { count: bestaetigen?.buchungen.length ?? 0 })}
          </Text>
          <BetroffeneListe buchungen={bestaetigen?.buchungen ?? []} />
        </Stack>
      </ConfirmModal>
    </form>
  );
}
