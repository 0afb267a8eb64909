import { useEffect, useRef } from 'react';
import { openEventConnection, type ServerEvent } from './event-connection';
import { LISTENED_EVENT_TYPES } from './event-invalidations';

/** Subscribes to `/api/events` while the user is signed in; `onEvent` gets every live event of a known type. */
export const useServerEvents = (enabled: boolean, onEvent: (event: ServerEvent) => void) => {
  const latest = useRef(onEvent);
  latest.current = onEvent;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const connection = openEventConnection({
      url: '/api/events',
      handlers: Object.fromEntries(
        LISTENED_EVENT_TYPES.map((type) => [type, (event: ServerEvent) => latest.current(event)]),
      ),
    });
    return () => connection.close();
  }, [enabled]);
};
