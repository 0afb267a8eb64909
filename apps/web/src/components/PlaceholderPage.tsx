import type { ReactNode } from 'react';
import { NotAvailable } from './NotAvailable';
import { PageHeader } from './PageHeader';

/** A screen whose content a later issue builds: its real heading and an honest "not available yet". */
export function PlaceholderPage({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <NotAvailable />
    </>
  );
}
