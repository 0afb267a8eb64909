import { Alert, Badge, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TCustomizingEintrag } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { CUSTOMIZING_GROUP_ORDER, CUSTOMIZING_GROUPS } from '@stellwerk/domain/verwaltung/customizing-option';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEATURE_ORDER,
  featureLabel,
  formatCustomizingValue,
} from '../../../../components/CustomizingControl';
import { CustomizingEditor } from '../../../../components/CustomizingEditor';
import { optionHelp, optionLabel } from '../../../../components/customizing-value';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { LoadingState } from '../../../../components/LoadingState';
import { PflichtMails } from '../../../../components/PflichtMails';
import {
  customizingKeys,
  useGruppenCustomizing,
  useMandantenCustomizing,
  useSetCustomizing,
} from '../api/customizing';

const TENANT = '__mandant__';

function OptionenTabs({
  optionen,
  gruppeId,
  mandant,
}: {
  optionen: TCustomizingEintrag[];
  gruppeId: string | null;
  /** At group level: the tenant's options, whose values a group inherits. */
  mandant?: TCustomizingEintrag[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const set = useSetCustomizing(gruppeId);
  const inherited = new Map((mandant ?? []).map((o) => [o.name, o.value ?? o.default]));
  const features = FEATURE_ORDER.filter((f) => optionen.some((o) => o.feature === f));
  const [tab, setTab] = useState<string | null>(features[0] ?? null);
  const active = tab && features.includes(tab as (typeof features)[number]) ? tab : (features[0] ?? null);

  if (features.length === 0)
    return (
      <Alert color="gray" variant="light" role="note">
        {t('adminCustomizing.keineOptionen')}
      </Alert>
    );

  return (
    <Tabs value={active} onChange={setTab} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {features.map((f) => (
          <Tabs.Tab key={f} value={f}>
            {featureLabel(f, t)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {features.map((f) => (
        <Tabs.Panel key={f} value={f} pt="xs">
          {CUSTOMIZING_GROUP_ORDER.map((group) => {
            const inGroup = optionen.filter((o) => o.feature === f && o.group === group);
            if (inGroup.length === 0) return null;
            return (
              <section key={group} aria-labelledby={`gruppe-${f}-${group}`} data-gruppe={group}>
                <Title order={3} fz="md" mt="md" id={`gruppe-${f}-${group}`}>
                  {CUSTOMIZING_GROUPS[group][language]}
                </Title>
                {inGroup.map((o) => (
                  <CustomizingEditor
                    key={`${gruppeId ?? TENANT}-${o.name}`}
                    meta={o}
                    label={optionLabel(o, language)}
                    description={optionHelp(o, language)}
                    current={o.value ?? inherited.get(o.name) ?? o.default}
                    readOnly={!o.canEdit}
                    canReset={o.value !== null}
                    resetLabel={t('adminCustomizing.reset')}
                    badges={
                      <>
                        {o.value !== null ? (
                          <Badge color="blue" variant="light">
                            {gruppeId
                              ? t('adminCustomizing.gruppeUeberschreibt')
                              : t('adminCustomizing.ueberschrieben')}
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="light">
                            {gruppeId ? t('adminCustomizing.geerbt') : t('adminCustomizing.standard')}
                          </Badge>
                        )}
                        {!o.canEdit && (
                          <Badge color="gray" variant="outline">
                            {t('adminCustomizing.nurLesen')}
                          </Badge>
                        )}
                      </>
                    }
                    hint={
                      <>
                        {gruppeId && inherited.has(o.name) && (
                          <>
                            {t('adminCustomizing.mandantWert', {
                              wert: formatCustomizingValue(o, inherited.get(o.name), t),
                            })}
                            {' · '}
                          </>
                        )}
                        {t('adminCustomizing.standardWert', {
                          wert: formatCustomizingValue(o, o.default, t),
                        })}
                      </>
                    }
                    onSave={(value) => set.mutateAsync({ name: o.name, value })}
                    onReset={() => set.mutateAsync({ name: o.name, value: null })}
                  />
                ))}
                {(group === 'mails' || group === 'benachrichtigungen') && (
                  <PflichtMails language={language} />
                )}
              </section>
            );
          })}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function GruppenOptionen({ gruppeId, mandant }: { gruppeId: string; mandant: TCustomizingEintrag[] }) {
  const { t } = useTranslation();
  const query = useGruppenCustomizing(gruppeId);
  if (query.isPending) return <LoadingState rows={8} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('adminCustomizing.gruppeHint', { gruppe: query.data.gruppe.name })}
      </Text>
      <OptionenTabs optionen={query.data.optionen} gruppeId={gruppeId} mandant={mandant} />
    </Stack>
  );
}

/**
 * The typed settings of /admin/einstellungen: every option at tenant level, grouped by feature and under
 * headings by group, or a group's overrides (only options that may be set per group).
 */
export function MandantCustomizing({
  refreshKey,
  tenantOnly,
}: {
  refreshKey: unknown;
  /** Shown only while the tenant level is chosen (the tenant's logo and privacy PDF). */
  tenantOnly?: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useMandantenCustomizing();
  const queryClient = useQueryClient();
  const isFirst = useRef(true);
  const [ebene, setEbene] = useState<string>(TENANT);

  // another administrator's change arrives as settings.changed (then /api/me changes): read again
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: customizingKeys.all });
  }, [refreshKey, queryClient]);

  if (query.isPending) return <LoadingState rows={8} />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;

  const readOnly = query.data.optionen.every((o) => !o.canEdit);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('adminCustomizing.ebene')}
          description={t('adminCustomizing.ebeneHint')}
          value={ebene}
          onChange={(value) => setEbene(value ?? TENANT)}
          allowDeselect={false}
          data={[
            { value: TENANT, label: t('adminCustomizing.mandant') },
            ...query.data.gruppen.map((g) => ({
              value: g.id,
              label: t('adminCustomizing.gruppe', { name: g.name }),
            })),
          ]}
          maw={360}
          w="100%"
        />
      </Group>
      {readOnly && (
        <Alert color="gray" variant="light" role="note">
          {t('adminCustomizing.nurLesenHint')}
        </Alert>
      )}
      {ebene === TENANT ? (
        <>
          <OptionenTabs optionen={query.data.optionen} gruppeId={null} />
          {tenantOnly}
        </>
      ) : (
        <GruppenOptionen key={ebene} gruppeId={ebene} mandant={query.data.optionen} />
      )}
    </Stack>
  );
}
