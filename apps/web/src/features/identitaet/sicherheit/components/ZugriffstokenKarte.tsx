import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { TNeuerZugriffstoken, TZugriffstoken } from '@stellwerk/domain/identitaet/zugriffstoken/api';
import {
  ZUGRIFFSTOKEN_MAX_TAGE,
  type ZugriffstokenRecht,
} from '@stellwerk/domain/identitaet/zugriffstoken/zugriffstoken';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { errorMessage } from '../../../../lib/error-message';
import { formatDateTime } from '../../../../lib/format-date';
import { SicherheitsKarte } from './SicherheitsKarte';
import { EntfernenKnopf, SicherheitsTabelle } from './SicherheitsTabelle';
import { useErstelleZugriffstoken, useWiderrufeZugriffstoken, useZugriffstoken } from '../api/zugriffstoken';

/** The yellow alert's own title colour is too pale on its background (axe): dark text instead. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-7)' } };

/** A new token, shown once, with how to use it in an AI client. */
function NeuerTokenDialog({ neu, onClose }: { neu: TNeuerZugriffstoken | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={neu !== null} onClose={onClose} title={t('zugriffstoken.dialog.titel')} size="lg">
      {neu && (
        <Stack gap="sm">
          <Alert color="yellow" title={t('zugriffstoken.dialog.einmalTitel')} styles={READABLE_TITLE}>
            {t('zugriffstoken.dialog.einmal')}
          </Alert>
          <TextInput
            label={t('zugriffstoken.dialog.token')}
            value={neu.token}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            data-testid="zugriffstoken-wert"
          />
          <Group gap="xs">
            <CopyButton value={neu.token}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('zugriffstoken.dialog.kopiert') : t('zugriffstoken.dialog.kopieren')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {t('zugriffstoken.dialog.verwendung', { adresse: `${window.location.origin}/mcp` })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('zugriffstoken.dialog.fertig')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Personal settings: the user's personal access tokens for AI clients over MCP (decision 226): create one with a
 * name, a right and a last day (shown once), see when each was last used, revoke.
 */
export function ZugriffstokenKarte() {
  const { t, i18n } = useTranslation();
  const liste = useZugriffstoken();
  const erstellen = useErstelleZugriffstoken();
  const widerrufen = useWiderrufeZugriffstoken();
  const heute = berlinDateKey(new Date());
  const [name, setName] = useState('');
  const [recht, setRecht] = useState<ZugriffstokenRecht>('lesen');
  const [gueltigBis, setGueltigBis] = useState(addCalendarDays(heute, 90));
  const [neu, setNeu] = useState<TNeuerZugriffstoken | null>(null);
  const [entfernen, setEntfernen] = useState<TZugriffstoken | null>(null);
  const items = liste.data ?? [];
  const rechtTexte: Record<ZugriffstokenRecht, string> = {
    lesen: t('zugriffstoken.recht.lesen'),
    buchen: t('zugriffstoken.recht.buchen'),
  };
  const rechtText = (r: ZugriffstokenRecht) => rechtTexte[r];

  return (
    <SicherheitsKarte
      id="zugriffstoken-titel"
      titel={t('zugriffstoken.titel')}
      beschreibung={t('zugriffstoken.beschreibung')}
      abfrage={liste}
      ladeZeilen={1}
    >
      {items.length === 0 && !liste.isPending && <Text size="sm">{t('zugriffstoken.keine')}</Text>}
      {items.length > 0 && (
        <SicherheitsTabelle
          label={t('zugriffstoken.titel')}
          testId="zugriffstoken"
          spalten={[
            t('zugriffstoken.name'),
            t('zugriffstoken.rechtSpalte'),
            t('zugriffstoken.erstellt'),
            t('zugriffstoken.zuletztBenutzt'),
            t('zugriffstoken.gueltigBis'),
          ]}
          aktionen={t('zugriffstoken.aktionen')}
        >
          {items.map((z) => (
            <Table.Tr key={z.id}>
              <Table.Td>
                <Text fw={500}>{z.name}</Text>
                <Text size="xs" c="dimmed">
                  {z.anfang}…
                </Text>
              </Table.Td>
              <Table.Td>{rechtText(z.recht)}</Table.Td>
              <Table.Td>{formatDateTime(z.erstelltAt, i18n.language)}</Table.Td>
              <Table.Td>
                {z.zuletztBenutztAt
                  ? formatDateTime(z.zuletztBenutztAt, i18n.language)
                  : t('zugriffstoken.nie')}
              </Table.Td>
              <Table.Td>
                {z.abgelaufen
                  ? t('zugriffstoken.abgelaufen')
                  : formatDateTime(
                      new Date(new Date(z.gueltigBis).getTime() - 1).toISOString(),
                      i18n.language,
                    )}
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <EntfernenKnopf
                    onClick={() => setEntfernen(z)}
                    label={t('zugriffstoken.widerrufenVon', { name: z.name })}
                  >
                    {t('zugriffstoken.widerrufen')}
                  </EntfernenKnopf>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </SicherheitsTabelle>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          erstellen.mutate(
            { name: name.trim(), recht, gueltigBis },
            {
              onSuccess: (token) => {
                setNeu(token);
                setName('');
              },
            },
          );
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('zugriffstoken.name')}
            placeholder={t('zugriffstoken.namePlatzhalter')}
            value={name}
            required
            maxLength={200}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('zugriffstoken.rechtSpalte')}
            data={(['lesen', 'buchen'] as const).map((r) => ({ value: r, label: rechtText(r) }))}
            value={recht}
            allowDeselect={false}
            onChange={(value) => value && setRecht(value as ZugriffstokenRecht)}
            style={{ flex: '0 1 14rem' }}
          />
          <TextInput
            type="date"
            label={t('zugriffstoken.gueltigBis')}
            value={gueltigBis}
            required
            min={heute}
            max={addCalendarDays(heute, ZUGRIFFSTOKEN_MAX_TAGE)}
            onChange={(event) => setGueltigBis(event.currentTarget.value)}
            style={{ flex: '0 1 11rem' }}
          />
          <Button type="submit" loading={erstellen.isPending} disabled={!name.trim()}>
            {t('zugriffstoken.erstellen')}
          </Button>
        </Group>
      </form>
      {erstellen.error && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(erstellen.error, t, i18n.language)}
        </Text>
      )}
      <NeuerTokenDialog neu={neu} onClose={() => setNeu(null)} />
      <ConfirmDialog
        opened={entfernen !== null}
        title={t('zugriffstoken.widerrufen')}
        message={t('zugriffstoken.widerrufenHinweis', { name: entfernen?.name ?? '' })}
        confirmLabel={t('zugriffstoken.widerrufen')}
        cancelLabel={t('sicherheit.abbrechen')}
        color="red"
        loading={widerrufen.isPending}
        error={widerrufen.error ? errorMessage(widerrufen.error, t, i18n.language) : null}
        onClose={() => setEntfernen(null)}
        onConfirm={() =>
          entfernen && widerrufen.mutate(entfernen.id, { onSuccess: () => setEntfernen(null) })
        }
      />
    </SicherheitsKarte>
  );
}
