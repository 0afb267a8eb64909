import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFahrzeugAdmin, TFahrzeugStornoVorschau } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { apiFieldError } from '../../../../lib/form-errors';
import { formatDate } from '../../../../lib/format-date';
import {
  ladeVorschau,
  useDeleteFahrzeug,
  useFahrzeugeAdmin,
  useSetFahrzeugFavorit,
  useUpdateFahrzeug,
} from '../api/fahrzeuge';
import { eingabeAus, passtZurSuche } from '../hooks/fahrzeug-formular';
import { FahrzeugDialog } from './FahrzeugDialog';
import { StornoBestaetigung } from './StornoBestaetigung';

type Props = {
  /** More actions per row from other features (e.g. a maintenance block), composed by the page. */
  zeilenAktionen?: (fahrzeug: TFahrzeugAdmin) => ReactNode;
};

type Bearbeiten = { fahrzeug: TFahrzeugAdmin | null };

function Stern({ gefuellt }: { gefuellt: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={gefuellt ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}
type Deaktivieren = { fahrzeug: TFahrzeugAdmin; vorschau: TFahrzeugStornoVorschau };

/**
 * /admin/fahrzeuge: every vehicle in a searchable table (cards on a phone) with add, edit, deactivate (the
 * bookings it cancels are listed first), reactivate and, for a vehicle never used, delete.
 */
export function FahrzeugAdminTabelle({ zeilenAktionen }: Props) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const query = useFahrzeugeAdmin();
  const update = useUpdateFahrzeug();
  const remove = useDeleteFahrzeug();
  const favorit = useSetFahrzeugFavorit();
  const [suche, setSuche] = useState('');
  const [bearbeiten, setBearbeiten] = useState<Bearbeiten | null>(null);
  const [deaktivieren, setDeaktivieren] = useState<Deaktivieren | null>(null);
  const [loeschen, setLoeschen] = useState<TFahrzeugAdmin | null>(null);
  const [aktionsFehler, setAktionsFehler] = useState<string | null>(null);
  const [laedt, setLaedt] = useState<string | null>(null);

  const fehlerText = (error: unknown) => apiFieldError(error, t, i18n.language).message;

  const starteDeaktivieren = async (fahrzeug: TFahrzeugAdmin) => {
    setAktionsFehler(null);
    setLaedt(fahrzeug.id);
    try {
      const vorschau = await ladeVorschau(fahrzeug.id, eingabeAus(fahrzeug, { deaktiviert: true }));
      setDeaktivieren({ fahrzeug, vorschau });
    } catch (error) {
      setAktionsFehler(fehlerText(error));
    } finally {
      setLaedt(null);
    }
  };

  const setzeDeaktiviert = (fahrzeug: TFahrzeugAdmin, deaktiviert: boolean, bestaetigt: string[]) =>
    update.mutateAsync({
      id: fahrzeug.id,
      aenderung: {
        fahrzeug: eingabeAus(fahrzeug, { deaktiviert }),
        alt: { updatedAt: fahrzeug.updatedAt },
        bestaetigteStornos: bestaetigt,
      },
    });

  const aktivieren = async (fahrzeug: TFahrzeugAdmin) => {
    setAktionsFehler(null);
    try {
      await setzeDeaktiviert(fahrzeug, false, []);
    } catch (error) {
      setAktionsFehler(fehlerText(error));
    }
  };

  const aktionen = (f: TFahrzeugAdmin) => (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => setBearbeiten({ fahrzeug: f })}
        aria-label={t('adminFahrzeuge.bearbeitenVon', { kennzeichen: f.kennzeichen })}
      >
        {t('adminFahrzeuge.bearbeiten')}
      </Button>
      {f.deaktiviert ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => void aktivieren(f)}
          aria-label={t('adminFahrzeuge.aktivierenVon', { kennzeichen: f.kennzeichen })}
        >
          {t('adminFahrzeuge.aktivieren')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="default"
          loading={laedt === f.id}
          onClick={() => void starteDeaktivieren(f)}
          aria-label={t('adminFahrzeuge.deaktivierenVon', { kennzeichen: f.kennzeichen })}
        >
          {t('adminFahrzeuge.deaktivieren')}
        </Button>
      )}
      {f.loeschbar && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => setLoeschen(f)}
          aria-label={t('adminFahrzeuge.loeschenVon', { kennzeichen: f.kennzeichen })}
        >
          {t('adminFahrzeuge.loeschen')}
        </Button>
      )}
      {zeilenAktionen?.(f)}
    </Group>
  );

  // a favourite of the tenant: first in every user's /fahrzeuge list (FahrzeugLieblingsFahrzeuge, tenant level)
  const stern = (f: TFahrzeugAdmin) => (
    <ActionIcon
      variant="subtle"
      color="yellow.9"
      aria-pressed={f.favorit}
      aria-label={t('adminFahrzeuge.favoritVon', { kennzeichen: f.kennzeichen })}
      title={t('adminFahrzeuge.favoritHinweis')}
      loading={favorit.isPending && favorit.variables?.id === f.id}
      onClick={() => {
        setAktionsFehler(null);
        favorit.mutate(
          { id: f.id, favorit: !f.favorit },
          { onError: (error) => setAktionsFehler(fehlerText(error)) },
        );
      }}
    >
      <Stern gefuellt={f.favorit} />
    </ActionIcon>
  );

  const status = (f: TFahrzeugAdmin) =>
    f.deaktiviert ? (
      <Badge color="gray.7" variant="filled" style={{ overflow: 'visible' }}>
        {t('adminFahrzeuge.status.deaktiviert')}
      </Badge>
    ) : (
      <Badge color="teal.9" variant="filled" style={{ overflow: 'visible' }}>
        {t('adminFahrzeuge.status.aktiv')}
      </Badge>
    );

  const gueltigkeit = (f: TFahrzeugAdmin) =>
    f.gueltigVon || f.gueltigBis
      ? t('adminFahrzeuge.gueltigkeit', {
          von: f.gueltigVon ? formatDate(f.gueltigVon, i18n.language) : '…',
          bis: f.gueltigBis ? formatDate(f.gueltigBis, i18n.language) : '…',
        })
      : t('adminFahrzeuge.unbefristet');

  const foto = (f: TFahrzeugAdmin) =>
    f.bildUrl ? (
      <Image src={f.bildUrl} alt="" w={64} h={40} fit="contain" radius="sm" />
    ) : (
      <Text size="xs" c="dimmed">
        {t('adminFahrzeuge.keinFoto')}
      </Text>
    );

  let body: ReactNode;
  if (query.isPending) body = <LoadingState rows={5} />;
  else if (query.isError) body = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <Alert color="gray" variant="light" role="note" title={t('adminFahrzeuge.leerTitel')}>
        {t('adminFahrzeuge.leer')}
      </Alert>
    );
  else {
    const treffer = query.data.filter((f) => passtZurSuche(f, suche));
    if (treffer.length === 0)
      body = (
        <Alert color="gray" variant="light" role="note">
          {t('adminFahrzeuge.keineTreffer', { suche })}
        </Alert>
      );
    else if (isPhone)
      body = (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('adminFahrzeuge.liste')}
        >
          {treffer.map((f) => (
            <Card key={f.id} withBorder radius="md" padding="sm" component="li">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={4} wrap="nowrap">
                    {stern(f)}
                    <Text fw={600}>{f.kennzeichen}</Text>
                  </Group>
                  {status(f)}
                </Group>
                <Group gap="sm" wrap="nowrap">
                  {foto(f)}
                  <Stack gap={0}>
                    <Text size="sm">
                      {f.marke} {f.modell}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.standort.name} · {t('adminFahrzeuge.klasse', { klasse: f.fuehrerscheinklasse })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {gueltigkeit(f)} · {t('adminFahrzeuge.offeneBuchungen', { count: f.offeneBuchungen })}
                    </Text>
                  </Stack>
                </Group>
                {aktionen(f)}
              </Stack>
            </Card>
          ))}
        </Stack>
      );
    else
      body = (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('adminFahrzeuge.liste')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminFahrzeuge.tabelle.foto')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.feld.kennzeichen')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.fahrzeug')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.feld.standort')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.klasse')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.gueltigkeit')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.buchungen')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.status')}</Table.Th>
                <Table.Th>{t('adminFahrzeuge.tabelle.aktionen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {treffer.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{foto(f)}</Table.Td>
                  <Table.Td fw={600}>
                    <Group gap={4} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                      {stern(f)}
                      {f.kennzeichen}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {f.marke} {f.modell}
                    {f.kategorie && (
                      <Text size="xs" c="dimmed">
                        {f.kategorie}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{f.standort.name}</Table.Td>
                  <Table.Td>{f.fuehrerscheinklasse}</Table.Td>
                  <Table.Td>{gueltigkeit(f)}</Table.Td>
                  <Table.Td>{f.offeneBuchungen}</Table.Td>
                  <Table.Td miw={120}>{status(f)}</Table.Td>
                  <Table.Td>{aktionen(f)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label={t('adminFahrzeuge.suche')}
          placeholder={t('adminFahrzeuge.suchePlatzhalter')}
          type="search"
          value={suche}
          onChange={(e) => setSuche(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          maxLength={200}
        />
        <Button onClick={() => setBearbeiten({ fahrzeug: null })}>{t('adminFahrzeuge.anlegen')}</Button>
      </Group>
      {aktionsFehler && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setAktionsFehler(null)}>
          {aktionsFehler}
        </Alert>
      )}
      {body}
      {bearbeiten && (
        <FahrzeugDialog
          key={bearbeiten.fahrzeug?.id ?? 'neu'}
          fahrzeug={bearbeiten.fahrzeug}
          onClose={(hinweis) => {
            setBearbeiten(null);
            if (hinweis) setAktionsFehler(hinweis);
          }}
        />
      )}
      {deaktivieren && (
        <StornoBestaetigung
          vorschau={deaktivieren.vorschau}
          bestaetigenLabel={t('adminFahrzeuge.deaktivieren')}
          loading={update.isPending}
          error={update.error ? fehlerText(update.error) : null}
          onClose={() => {
            setDeaktivieren(null);
            update.reset();
          }}
          onConfirm={() =>
            void setzeDeaktiviert(
              deaktivieren.fahrzeug,
              true,
              deaktivieren.vorschau.buchungen.map((b) => b.id),
            )
              .then(() => setDeaktivieren(null))
              .catch(() => undefined)
          }
        />
      )}
      <ConfirmModal
        opened={loeschen !== null}
        title={t('adminFahrzeuge.loeschenTitel')}
        confirmLabel={t('adminFahrzeuge.loeschen')}
        onClose={() => {
          setLoeschen(null);
          remove.reset();
        }}
        loading={remove.isPending}
        error={remove.error ? fehlerText(remove.error) : null}
        onConfirm={() => loeschen && remove.mutate(loeschen.id, { onSuccess: () => setLoeschen(null) })}
      >
        {t('adminFahrzeuge.loeschenText', { kennzeichen: loeschen?.kennzeichen ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
