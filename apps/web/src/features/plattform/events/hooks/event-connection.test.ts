import { describe, expect, it } from 'vitest';
import { openEventConnection, reconnectDelay } from './event-connection';

type FakeSource = {
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  listeners: Record<string, (event: MessageEvent) => void>;
  closed: boolean;
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  close: () => void;
};

const harness = () => {
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: string[] = [];
  const connection = openEventConnection({
    url: '/api/events',
    handlers: { oeffnungszeit: (e) => events.push(JSON.stringify(e)) },
    createSource: () => {
      const source: FakeSource = {
        onopen: null,
        onerror: null,
        listeners: {},
        closed: false,
        addEventListener(type, listener) {
          this.listeners[type] = listener;
        },
        close() {
          this.closed = true;
        },
      };
      sources.push(source);
      return source as never;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  return { sources, timers, events, connection };
};

describe('server events connection', () => {
  it('waits 1, 2, 5 and then 10 seconds between failed attempts', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
    const { sources, timers } = harness();
    for (let i = 0; i < 5; i++) {
      sources.at(-1)?.onerror?.();
      timers.at(-1)?.fn();
    }
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 5000, 10000, 10000]);
    expect(sources.slice(0, -1).every((s) => s.closed)).toBe(true);
  });

  it('starts the backoff over after a successful connection', () => {
    const { sources, timers } = harness();
    sources.at(-1)?.onerror?.();
    timers.at(-1)?.fn();
    sources.at(-1)?.onerror?.();
    timers.at(-1)?.fn();
    sources.at(-1)?.onopen?.();
    sources.at(-1)?.onerror?.();
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 1000]);
  });

  it('delivers plain and named events to their handlers and stops reconnecting once closed', () => {
    const { sources, timers, events, connection } = harness();
    sources[0]?.listeners.message?.({ data: '{"type":"oeffnungszeit"}' } as MessageEvent);
    sources[0]?.listeners.message?.({ data: '{"type":"something.else"}' } as MessageEvent);
    sources[0]?.listeners.message?.({ data: 'not json' } as MessageEvent);
    sources[0]?.listeners.oeffnungszeit?.({ data: '{"id":"p-1"}' } as MessageEvent);
    expect(events).toEqual(['{"type":"oeffnungszeit"}', '{"id":"p-1","type":"oeffnungszeit"}']);
    connection.close();
    expect(sources[0]?.closed).toBe(true);
    sources[0]?.onerror?.();
    expect(timers).toHaveLength(0);
  });
});
