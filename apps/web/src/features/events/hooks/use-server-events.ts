import { useEffect, useRef } from 'react';
import { openEventConnection } from './event-connection';

type ServerEventHandlers = {
  /** `settings.changed`: the tenant's or the user's settings changed; refetch /api/me. */
  onSettingsChanged: () => void;
};

/** Subscribes to `/api/events` while the user is signed in. */
export const useServerEvents = (enabled: boolean, handlers: ServerEventHandlers) => {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const connection = openEventConnection({
      url: '/api/events',
      handlers: { 'settings.changed': () => latest.current.onSettingsChanged() },
    });
    return () => connection.close();
  }, [enabled]);
};
