import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TSpindbankAufPlan } from '@stellwerk/domain/leseraum/spind/api';
import { useTranslation } from 'react-i18next';

/** The locker symbol: a square cabinet with two doors, so a bank never reads as a place (shape, not colour). */
function SpindSymbol({ groesse = 14 }: { groesse?: number }) {
  return (
    <svg width={groesse} height={groesse} viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <line x1="7" y1="1" x2="7" y2="13" stroke="currentColor" strokeWidth="1.5" />
      <line x1="4.5" y1="6" x2="4.5" y2="8" stroke="currentColor" strokeWidth="1.5" />
      <line x1="9.5" y1="6" x2="9.5" y2="8" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

const useBankText = () => {
  const { t } = useTranslation();
  return (b: TSpindbankAufPlan) => ({
    kurz: t('spind.plan.kurz', { frei: b.frei, gesamt: b.frei + b.belegt }),
    lang: [
      t('spind.plan.bank', { name: b.name }),
      t('spind.plan.frei', { count: b.frei }),
      t('spind.plan.belegt', { count: b.belegt }),
      b.ausserBetrieb > 0 ? t('spind.plan.ausserBetrieb', { count: b.ausserBetrieb }) : null,
    ]
      .filter(Boolean)
      .join(', '),
  });
};

/**
 * The banks on the map, at their place in percent of the plan: a square label with the locker symbol, the name and
 * "3/8 frei", focusable so the keyboard reaches it and a screen reader hears the counts (decision 230). Drawn at the
 * plan's scale (`massstab`, 1 = 100 %), so the label grows and shrinks with the zoom as the places' labels do.
 */
export function SpindbankMarker({
  banken,
  massstab = 1,
}: {
  banken: readonly TSpindbankAufPlan[];
  massstab?: number;
}) {
  const text = useBankText();
  return (
    <>
      {banken.map((b) => {
        const { kurz, lang } = text(b);
        return (
          <div
            key={b.id}
            role="img"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the marker carries counts the keyboard must reach
            tabIndex={0}
            aria-label={lang}
            title={lang}
            data-testid="spindbank-auf-plan"
            style={{
              position: 'absolute',
              left: `${b.x}%`,
              top: `${b.y}%`,
              transform: 'translate(-50%, -50%)',
              display: 'flex',
              alignItems: 'center',
              gap: 4 * massstab,
              padding: `${2 * massstab}px ${6 * massstab}px`,
              background: 'var(--mantine-color-white)',
              color: 'var(--mantine-color-dark-7)',
              border: '2px solid var(--mantine-color-dark-4)',
              borderRadius: 2,
              fontSize: 12 * massstab,
              lineHeight: 1.2,
              whiteSpace: 'nowrap',
              pointerEvents: 'auto',
            }}
          >
            <SpindSymbol groesse={14 * massstab} />
            <span>
              {b.name} · {kurz}
            </span>
          </div>
        );
      })}
    </>
  );
}

/** The banks of the plan under the list of places (decision 230). */
export function SpindbankListe({ banken }: { banken: readonly TSpindbankAufPlan[] }) {
  const { t } = useTranslation();
  const text = useBankText();
  if (banken.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="spindbanken-plan-titel">
      <Title order={3} fz="md" id="spindbanken-plan-titel">
        {t('spind.plan.titel')}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {banken.map((b) => (
          <Card key={b.id} withBorder padding="xs" component="li" data-testid="spindbank-in-liste">
            <Group gap="xs" wrap="nowrap">
              <SpindSymbol />
              <Text size="sm">{text(b).lang}</Text>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
