import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TFahrzeug } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { useTranslation } from 'react-i18next';

/** Light badges with dark text: the light colours' own text misses 4.5:1 at badge size (axe). */
const LESBAR = { label: { color: 'var(--mantine-color-dark-7)' } };

/** The catalogue's text of why a vehicle is not free (decision 045: `grund` with its parameters). */
export const useGrundText = () => {
  const { i18n } = useTranslation();
  return (grund: string | null, params: Record<string, string | number> | null): string | null =>
    grund && isErrorCode(grund)
      ? formatError(grund, i18n.language === 'en' ? 'en' : 'de', params ?? {})
      : null;
};

/**
 * Not bookable for the user (their licence, with or without a period), free, a special trip, or not
 * free with the reason; nothing else without a period.
 */
export function Verfuegbarkeit({ fahrzeug }: { fahrzeug: TFahrzeug }) {
  const { t } = useTranslation();
  const grundText = useGrundText();
  if (!fahrzeug.fuerMichBuchbar)
    return (
      <Stack gap={2}>
        <Badge color="gray" variant="light" styles={LESBAR} tt="none">
          {t('fahrzeugBuchung.liste.nichtFuerMich')}
        </Badge>
        <Text size="xs" c="dimmed" data-testid="grund">
          {grundText(fahrzeug.fuerMichGrund, fahrzeug.fuerMichGrundParams)}
        </Text>
      </Stack>
    );
  if (fahrzeug.frei === null) return null;
  if (fahrzeug.frei)
    return (
      <Badge color={fahrzeug.sonderfahrt ? 'yellow' : 'teal'} variant="light" styles={LESBAR} tt="none">
        {fahrzeug.sonderfahrt ? t('fahrzeugBuchung.liste.sonderfahrt') : t('fahrzeugBuchung.liste.frei')}
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color="red" variant="light" styles={LESBAR} tt="none">
        {t('fahrzeugBuchung.liste.nichtFrei')}
      </Badge>
      <Text size="xs" c="dimmed" data-testid="grund">
        {grundText(fahrzeug.grund, fahrzeug.grundParams)}
      </Text>
    </Stack>
  );
}

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

/** Key data as short facts: category, seats, fuel, gearbox, licence class. */
export const eckdaten = (f: TFahrzeug, t: (key: string, o?: Record<string, unknown>) => string): string[] =>
  [
    f.kategorie,
    f.sitze !== null ? t('fahrzeugBuchung.daten.sitzeAnzahl', { count: f.sitze }) : null,
    f.kraftstoff,
    f.getriebe,
    t('fahrzeugBuchung.daten.klasseKurz', { klasse: f.fuehrerscheinklasse }),
  ].filter((v): v is string => v !== null && v !== '');

/**
 * One vehicle in the list: photo, make and model, plate, key data, equipment, whether it is free for the
 * period (with the reason when not), the favourite star, details and booking.
 */
export function FahrzeugKarte({
  fahrzeug,
  eigenerFavorit,
  onFavorit,
  favoritPending,
  onDetails,
  onBuchen,
}: {
  fahrzeug: TFahrzeug;
  /** on the user's own list (a favourite of the tenant alone cannot be removed here) */
  eigenerFavorit: boolean;
  onFavorit: () => void;
  favoritPending: boolean;
  onDetails: () => void;
  onBuchen: () => void;
}) {
  const { t } = useTranslation();
  const name = `${fahrzeug.marke} ${fahrzeug.modell}`;
  const nurMandant = fahrzeug.favorit && !eigenerFavorit;
  const ausstattung = (['klimaanlage', 'navigation', 'tempomat', 'sitzheizung'] as const).filter(
    (a) => fahrzeug[a],
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-fahrzeug-id={fahrzeug.id}
      component="article"
      aria-label={name}
    >
      <Card.Section>
        {fahrzeug.bildUrl ? (
          <Image
            src={fahrzeug.bildUrl}
            alt={t('fahrzeugBuchung.liste.foto', { name })}
            h={140}
            fit="contain"
            bg="gray.0"
          />
        ) : (
          <Stack h={140} bg="gray.0" justify="center" align="center">
            <Text size="sm" c="dimmed">
              {t('fahrzeugBuchung.liste.keinFoto')}
            </Text>
          </Stack>
        )}
      </Card.Section>
      <Group justify="space-between" align="flex-start" mt="sm" wrap="nowrap" gap="xs">
        <div>
          <Text fw={700} component="h3" fz="md">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {fahrzeug.kennzeichen} · {fahrzeug.standort.name}
          </Text>
        </div>
        <ActionIcon
          variant="subtle"
          color="yellow.8"
          size="lg"
          aria-pressed={fahrzeug.favorit}
          aria-label={
            nurMandant
              ? t('fahrzeugBuchung.liste.favoritMandant', { name: fahrzeug.kennzeichen })
              : fahrzeug.favorit
                ? t('fahrzeugBuchung.liste.favoritEntfernen', { name: fahrzeug.kennzeichen })
                : t('fahrzeugBuchung.liste.favoritMarkieren', { name: fahrzeug.kennzeichen })
          }
          title={nurMandant ? t('fahrzeugBuchung.liste.favoritMandantHinweis') : undefined}
          disabled={nurMandant}
          loading={favoritPending}
          onClick={onFavorit}
        >
          <Stern gefuellt={fahrzeug.favorit} />
        </ActionIcon>
      </Group>
      <Text size="sm" mt={4}>
        {eckdaten(fahrzeug, t).join(' · ')}
      </Text>
      {ausstattung.length > 0 && (
        <Group gap={4} mt={6}>
          {ausstattung.map((a) => (
            <Badge key={a} variant="outline" color="gray" tt="none" size="sm">
              {t(`fahrzeugBuchung.daten.${a}`)}
            </Badge>
          ))}
        </Group>
      )}
      <Group justify="space-between" align="flex-end" mt="sm" gap="xs">
        <Verfuegbarkeit fahrzeug={fahrzeug} />
        <Group gap="xs" ml="auto">
          <Button
            variant="default"
            size="xs"
            onClick={onDetails}
            aria-label={t('fahrzeugBuchung.liste.detailsZu', { name: fahrzeug.kennzeichen })}
          >
            {t('fahrzeugBuchung.liste.details')}
          </Button>
          <Button
            size="xs"
            onClick={onBuchen}
            aria-label={t('fahrzeugBuchung.liste.buchenFuer', { name: fahrzeug.kennzeichen })}
          >
            {t('fahrzeugBuchung.liste.buchen')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
