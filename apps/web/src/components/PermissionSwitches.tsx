import { Stack, Switch, Text } from '@mantine/core';
import type { TPermissionInfo } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useTranslation } from 'react-i18next';

type PermissionSwitchesProps = {
  /** The permissions to offer, with their descriptions (from the API). */
  permissions: readonly TPermissionInfo[];
  /** The names switched on. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  label: string;
  description?: string;
  disabled?: boolean;
};

/** The permissions of spec §6 as switches: description as label, the technical name below. */
export function PermissionSwitches({
  permissions,
  value,
  onChange,
  label,
  description,
  disabled = false,
}: PermissionSwitchesProps) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'de';
  const on = new Set(value);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      <Stack gap="xs">
        {permissions.map((permission) => (
          <Switch
            key={permission.name}
            checked={on.has(permission.name)}
            disabled={disabled}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              onChange(
                permissions
                  .map((p) => p.name)
                  .filter((name) => (name === permission.name ? checked : on.has(name))),
              );
            }}
            label={permission.description[language]}
            description={permission.name}
          />
        ))}
      </Stack>
    </fieldset>
  );
}
