import { Image } from '@mantine/core';
import { TENANT_FILE_URL } from '../api/upload-file';

/** The tenant's logo in the header; `version` busts the browser cache after an upload. */
export function TenantLogo({ tenantName, version }: { tenantName: string; version?: string | number }) {
  const src =
    version === undefined
      ? TENANT_FILE_URL.logo
      : `${TENANT_FILE_URL.logo}?v=${encodeURIComponent(String(version))}`;
  return <Image src={src} alt={tenantName} h={36} w="auto" maw={140} fit="contain" />;
}
