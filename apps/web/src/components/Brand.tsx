import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** "Stellwerk" with the tenant's name and, when uploaded, its logo. */
export function Brand({ tenantName, logo }: { tenantName?: string | undefined; logo?: ReactNode }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Stellwerk" style={{ minWidth: 0 }}>
      <Group gap="sm" wrap="nowrap">
        {logo}
        <Text fw={700} fz="lg" c="indigo.8" style={{ whiteSpace: 'nowrap' }}>
          Stellwerk
        </Text>
        {tenantName && (
          <Text c="dimmed" size="sm" truncate visibleFrom="xs" maw={260}>
            {tenantName}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
