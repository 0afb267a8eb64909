import { Badge, Card, Group, Image, Text } from '@mantine/core';
import type { TOffenerSchaden } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { formatDateDE } from '@stellwerk/domain/time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchadenOrte } from '../hooks/schaden-orte';

/**
 * An open damage of a vehicle: photo (opens full size), place, safety flag, description, who reported it when;
 * `aktion` beside it (the fleet manager's "Behoben"). Shown in the check-in dialog and the vehicle detail.
 */
export function SchadenKarte({ schaden: s, aktion }: { schaden: TOffenerSchaden; aktion?: ReactNode }) {
  const { t } = useTranslation();
  const orte = useSchadenOrte();
  return (
    <Card withBorder padding="xs" data-schaden-id={s.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {s.fotoId && (
            <a href={`/api/dateien/${s.fotoId}`} target="_blank" rel="noreferrer">
              <Image
                src={`/api/dateien/${s.fotoId}`}
                alt={t('fahrzeugBuchung.fahrt.fotoVon', { beschreibung: s.beschreibung })}
                w={64}
                h={64}
                fit="cover"
                radius="sm"
              />
            </a>
          )}
          <div>
            <Text size="sm" fw={600}>
              {orte[s.ort]}
              {s.sicherheitsrelevant && (
                <Badge ml={6} size="xs" color="red" variant="light" tt="none">
                  {t('fahrzeugBuchung.fahrt.sicherheitsrelevant')}
                </Badge>
              )}
            </Text>
            <Text size="sm">{s.beschreibung}</Text>
            <Text size="xs" c="dimmed">
              {t('fahrzeugBuchung.schaeden.gemeldet', {
                datum: formatDateDE(new Date(s.gemeldetAm)),
                name: s.gemeldetVon ?? '–',
              })}
            </Text>
          </div>
        </Group>
        {aktion}
      </Group>
    </Card>
  );
}
