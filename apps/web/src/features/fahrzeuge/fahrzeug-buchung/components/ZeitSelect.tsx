import { Select, Stack, Text } from '@mantine/core';
import type { RuleViolation } from '@stellwerk/domain/errors';
import { type ReactNode, useMemo } from 'react';
import type { ZeitOption } from '../hooks/zeitwahl';

/**
 * A time of day of the booking dialog: every step of the day, the ones the rules refuse disabled with the reason
 * below them, and a special trip's allowed ones with the note that it needs approvers.
 */
export function ZeitSelect({
  label,
  optionen,
  value,
  onChange,
  error,
  grundText,
}: {
  label: string;
  optionen: readonly ZeitOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  grundText: (v: RuleViolation | null) => string;
}) {
  const gruende = useMemo(() => new Map(optionen.map((o) => [o.value, o])), [optionen]);
  return (
    <Select
      label={label}
      data={optionen.map((o) => ({ value: o.value, label: o.label, disabled: !o.erlaubt }))}
      value={value && gruende.has(value) ? value : null}
      onChange={(v) => v && onChange(v)}
      searchable
      allowDeselect={false}
      maxDropdownHeight={320}
      error={error}
      renderOption={({ option }) => {
        const o = gruende.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {o && !o.erlaubt && (
              <Text size="xs" c="dimmed">
                {grundText(o.grund)}
              </Text>
            )}
            {o?.erlaubt && o.sonderfahrt && (
              <Text size="xs" c="dimmed">
                {grundText({ code: 'fahrzeug_buchung.freigeber_fehlt', params: {} })}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
