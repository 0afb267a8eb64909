import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { CustomizingControl } from './CustomizingControl';
import {
  type CustomizingDraft,
  type CustomizingMeta,
  checkCustomizingValue,
  controlKind,
  sameValue,
} from './customizing-value';

type CustomizingEditorProps = {
  meta: CustomizingMeta;
  label: string;
  /** The help text shown with the control. */
  description?: string;
  /** Shown below the control: the default, the inherited value, … */
  hint?: ReactNode;
  /** Badges next to the label (overridden, source). */
  badges?: ReactNode;
  /** The value the control starts from (the level's value, or what applies now). */
  current: CustomizingDraft;
  readOnly?: boolean;
  /** Whether "Zurücksetzen" (value null) makes sense: a value is set at this level. */
  canReset: boolean;
  resetLabel: string;
  onSave: (value: CustomizingDraft) => Promise<unknown>;
  onReset: () => Promise<unknown>;
};

/**
 * One setting with its control, saved on its own (no optimistic update: the saved state shows after the
 * server answered). Switches save when toggled; other controls with their "Speichern" button. Errors, the
 * client check's and the server's, show at the field.
 */
export function CustomizingEditor({
  meta,
  label,
  description,
  hint,
  badges,
  current,
  readOnly,
  canReset,
  resetLabel,
  onSave,
  onReset,
}: CustomizingEditorProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const id = useId();
  const [draft, setDraft] = useState<CustomizingDraft>(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const [saved, setSaved] = useState(false);
  const currentKey = JSON.stringify(current);

  // a new value from the server (saved here, reset, or changed elsewhere) replaces the draft
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    setDraft(current);
  }, [currentKey]);

  const isSwitch = controlKind(meta) === 'switch';
  const dirty = !sameValue(draft, current);

  const run = async (kind: 'save' | 'reset', action: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    setSaved(false);
    try {
      await action();
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, t, language));
      if (isSwitch) setDraft(current);
    } finally {
      setBusy(null);
    }
  };

  const save = (value: CustomizingDraft) => {
    const checked = checkCustomizingValue(meta, value, language);
    if (checked.error !== null) {
      setError(checked.error);
      setSaved(false);
      return;
    }
    void run('save', () => onSave(checked.value));
  };

  const change = (value: CustomizingDraft) => {
    setDraft(value);
    setSaved(false);
    setError(null);
    if (isSwitch) save(value);
  };

  return (
    <Box
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-setting={meta.name}
    >
      <Stack gap={6}>
        {badges && <Group gap={6}>{badges}</Group>}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
            <CustomizingControl
              meta={meta}
              id={id}
              label={label}
              {...(description ? { description } : {})}
              value={draft}
              onChange={change}
              error={error}
              disabled={readOnly || busy !== null}
            />
          </Box>
          {!readOnly && (
            <Group gap="xs" wrap="nowrap">
              {!isSwitch && (dirty || busy === 'save') && (
                <Button
                  size="xs"
                  onClick={() => save(draft)}
                  disabled={!dirty || busy !== null}
                  loading={busy === 'save'}
                >
                  {t('customizing.save')}
                </Button>
              )}
              {canReset && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void run('reset', onReset)}
                  disabled={busy !== null}
                  loading={busy === 'reset'}
                >
                  {resetLabel}
                </Button>
              )}
            </Group>
          )}
        </Group>
        <Group gap="xs" justify="space-between" wrap="wrap">
          {hint && (
            <Text size="xs" c="dimmed" component="div">
              {hint}
            </Text>
          )}
          <Text size="xs" c="teal.9" role="status" aria-live="polite">
            {saved && !dirty ? t('customizing.saved') : ''}
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}
