import { Badge, Box, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TPlatzBelegung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { useTranslation } from 'react-i18next';
import { SymbolIcon } from '../../../../components/PlatzSymbol';
import { useZustandText } from '../hooks/zustand-text';
import { LieblingsStern } from './LieblingsStern';

/** The list view of a plan (spec §2 'Views: map or list'): every place with state, capacity and equipment. */
export function PlatzListe({
  plaetze,
  onOpen,
  lieblinge,
}: {
  plaetze: readonly TPlatzBelegung[];
  onOpen: (id: string) => void;
  lieblinge: readonly string[];
}) {
  const { t } = useTranslation();
  const text = useZustandText();
  if (plaetze.length === 0)
    return (
      <Text c="dimmed" py="md">
        {t('sitzplan.keinePlaetze')}
      </Text>
    );
  return (
    // no minimum width: at 375 px the list fits the screen without sideways scrolling; the state stands
    // under the place's name and the action column wraps its star under the button
    <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sitzplan.spalten.platz')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('sitzplan.spalten.ausstattung')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('sitzplan.spalten.aktion')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plaetze.map((p) => {
          const zustand = (
            <>
              <Group gap={6} wrap="nowrap">
                <SymbolIcon zustand={p.zustand} />
                <Text size="sm">{text.zustand(p.zustand)}</Text>
              </Group>
              {p.marker.map((m) => (
                <Group key={m} gap={6} wrap="nowrap">
                  <SymbolIcon marker={m} size={14} />
                  <Text size="xs">{text.marker(m)}</Text>
                </Group>
              ))}
            </>
          );
          return (
            <Table.Tr key={p.id} data-platz-id={p.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {p.bezeichnung}
                </Text>
                {p.kapazitaet > 1 && (
                  <Text size="xs" c="dimmed">
                    {t('sitzplan.plaetze', { count: p.kapazitaet })}
                  </Text>
                )}
                {/* the state stands under the name (one column less: the list fits 375 px) */}
                <Box mt={4}>{zustand}</Box>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4}>
                  {p.ausstattung.map((a) => (
                    <Badge key={a.id} variant="light" color="gray" tt="none">
                      {a.anzahl > 1 ? `${a.anzahl} × ${a.name}` : a.name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap" justify="flex-end">
                  {p.zustand === 'frei' || p.zustand === 'stundenweise_belegt' ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onOpen(p.id)}
                      aria-label={t('sitzplan.buchenFuer', { platz: p.bezeichnung })}
                    >
                      {t('sitzplan.buchen')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onOpen(p.id)}
                      aria-label={t('sitzplan.detailsFuer', { platz: p.bezeichnung })}
                    >
                      {t('sitzplan.details')}
                    </Button>
                  )}
                  <LieblingsStern art="platz" id={p.id} name={p.bezeichnung} lieblinge={lieblinge} />
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
