/**
 * Session events between the tabs of one browser (spec §4 "signed out"): a tab that signs out tells the others,
 * which then forget the user and return to /login. BroadcastChannel where the browser has it, else the
 * `storage` event of a localStorage key.
 */
const CHANNEL = 'stellwerk-session';
const STORAGE_KEY = 'stellwerk-session-signed-out';

type Message = { type: 'signed-out' };

const channel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Tells the other tabs that this browser signed out. */
export const announceSignOut = (): void => {
  const message: Message = { type: 'signed-out' };
  const bc = channel();
  if (bc) {
    bc.postMessage(message);
    bc.close();
    return;
  }
  try {
    localStorage.setItem(STORAGE_KEY, String(Date.now()));
  } catch {
    // storage blocked: the other tabs notice at their next request (401)
  }
};

/** Calls `onSignedOut` when another tab of this browser signs out; returns the unsubscribe function. */
export const onSignOutElsewhere = (onSignedOut: () => void): (() => void) => {
  const bc = channel();
  if (bc) {
    bc.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.type === 'signed-out') onSignedOut();
    };
    return () => bc.close();
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onSignedOut();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
};
