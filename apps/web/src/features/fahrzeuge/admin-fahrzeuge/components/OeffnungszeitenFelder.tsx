import { Checkbox, Fieldset, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import type { TFahrzeugAdmin } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../../lib/form-errors';
import { type FahrzeugFormular, isoZuDe } from '../hooks/fahrzeug-formular';

/**
 * The vehicle dialog's own booking times per weekday (decisions 055 and 132): the switch, since when the rows
 * apply, the note that switching it off removes them, and one row per weekday with its hours.
 */
export function OeffnungszeitenFelder({
  form,
  fahrzeug,
  errors,
  set,
  wochentagName,
}: {
  form: Pick<FahrzeugFormular, 'jeWochentag' | 'hatteZeilen' | 'oeffnungszeiten'>;
  /** the vehicle being edited; null while adding one */
  fahrzeug: Pick<TFahrzeugAdmin, 'oeffnungszeitenGueltigVon' | 'oeffnungszeitenGueltigBis'> | null;
  errors: FieldErrors;
  /** sets a field of the dialog's form (and clears its message) */
  set: <K extends keyof FahrzeugFormular>(key: K, value: FahrzeugFormular[K]) => void;
  wochentagName: (wochentag: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('adminFahrzeuge.abschnitt.oeffnungszeiten')}>
      <Stack gap="sm">
        <Switch
          label={t('adminFahrzeuge.feld.jeWochentag')}
          description={t('adminFahrzeuge.jeWochentagHinweis')}
          checked={form.jeWochentag}
          onChange={(e) => set('jeWochentag', e.currentTarget.checked)}
        />
        {form.jeWochentag && fahrzeug?.oeffnungszeitenGueltigVon && (
          <Text size="sm" c="dimmed">
            {fahrzeug.oeffnungszeitenGueltigBis
              ? t('adminFahrzeuge.jeWochentagGueltigVonBis', {
                  von: isoZuDe(fahrzeug.oeffnungszeitenGueltigVon),
                  bis: isoZuDe(fahrzeug.oeffnungszeitenGueltigBis),
                })
              : t('adminFahrzeuge.jeWochentagGueltigAb', {
                  von: isoZuDe(fahrzeug.oeffnungszeitenGueltigVon),
                })}
          </Text>
        )}
        {!form.jeWochentag && form.hatteZeilen && (
          <Text size="sm" c="orange.9" role="status">
            {t('adminFahrzeuge.jeWochentagEntfernt')}
          </Text>
        )}
        {form.jeWochentag && (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminFahrzeuge.tabelle.wochentag')}</Table.Th>
                  <Table.Th>{t('adminFahrzeuge.tabelle.geoeffnet')}</Table.Th>
                  <Table.Th>{t('adminFahrzeuge.feld.buchungszeitraumVon')}</Table.Th>
                  <Table.Th>{t('adminFahrzeuge.feld.buchungszeitraumBis')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.oeffnungszeiten.map((z, i) => {
                  const aendern = (next: Partial<typeof z>) =>
                    set(
                      'oeffnungszeiten',
                      form.oeffnungszeiten.map((x, j) => (j === i ? { ...x, ...next } : x)),
                    );
                  return (
                    <Table.Tr key={z.wochentag}>
                      <Table.Td>{wochentagName(z.wochentag)}</Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('adminFahrzeuge.geoeffnetAm', {
                            tag: wochentagName(z.wochentag),
                          })}
                          checked={z.geoeffnet}
                          onChange={(e) => aendern({ geoeffnet: e.currentTarget.checked })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="time"
                          aria-label={t('adminFahrzeuge.vonAm', { tag: wochentagName(z.wochentag) })}
                          value={z.von}
                          disabled={!z.geoeffnet}
                          onChange={(e) => aendern({ von: e.currentTarget.value })}
                          error={errors[`oeffnungszeiten.${i}.von`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="time"
                          aria-label={t('adminFahrzeuge.bisAm', { tag: wochentagName(z.wochentag) })}
                          value={z.bis}
                          disabled={!z.geoeffnet}
                          onChange={(e) => aendern({ bis: e.currentTarget.value })}
                          error={errors[`oeffnungszeiten.${i}.bis`]}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Fieldset>
  );
}
