import { useSyncExternalStore } from 'react';

/**
 * Booking error notices shown above the page content. Spec §2: they are cleared on every path change
 * (the root route calls `clearNotices` when the router resolves a new location).
 */
export type Notice = { id: number; color: 'red' | 'yellow' | 'teal' | 'blue'; message: string };

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export const pushNotice = (message: string, color: Notice['color'] = 'red'): number => {
  const id = nextId++;
  notices = [...notices, { id, color, message }];
  emit();
  return id;
};

export const dismissNotice = (id: number): void => {
  notices = notices.filter((n) => n.id !== id);
  emit();
};

export const clearNotices = (): void => {
  if (notices.length === 0) return;
  notices = [];
  emit();
};

export const getNotices = (): readonly Notice[] => notices;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useNotices = () => useSyncExternalStore(subscribe, getNotices, getNotices);
