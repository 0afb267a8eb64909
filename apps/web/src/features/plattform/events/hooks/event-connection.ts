/**
 * A Server-Sent Events connection that reconnects with the backoff of spec §9 (1, 2, 5, 10 s, then every
 * 10 s) and starts over at 1 s after a successful open. EventSource's own retry is not used: it would
 * retry at a fixed interval and hide failures.
 */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export const reconnectDelay = (failedAttempts: number): number =>
  RECONNECT_DELAYS_MS[Math.min(Math.max(failedAttempts, 0), RECONNECT_DELAYS_MS.length - 1)] as number;

type EventSourceLike = {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  close: () => void;
};

export type ServerEvent = { type: string; [key: string]: unknown };

/**
 * The server sends `data: {"type":"oeffnungszeit","id":"…"}` as plain messages; a named SSE event
 * (`event: oeffnungszeit`) is accepted as well.
 */
export const parseServerEvent = (event: MessageEvent, namedType?: string): ServerEvent | null => {
  let payload: unknown = null;
  try {
    payload = typeof event.data === 'string' && event.data ? JSON.parse(event.data) : null;
  } catch {
    payload = null;
  }
  const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const type = typeof body.type === 'string' ? body.type : namedType;
  return type ? { ...body, type } : null;
};

export type EventConnectionOptions = {
  url: string;
  /** Server event types to react to, each with its handler. */
  handlers: Record<string, (event: ServerEvent) => void>;
  createSource?: (url: string) => EventSourceLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export const openEventConnection = ({
  url,
  handlers,
  createSource = (u) => new EventSource(u, { withCredentials: true }) as unknown as EventSourceLike,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: EventConnectionOptions): { close: () => void } => {
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let failures = 0;
  let closed = false;

  const connect = () => {
    if (closed) return;
    source = createSource(url);
    source.onopen = () => {
      failures = 0;
    };
    source.onerror = () => {
      source?.close();
      source = null;
      if (closed) return;
      const delay = reconnectDelay(failures);
      failures += 1;
      timer = setTimer(connect, delay);
    };
    const dispatch = (event: ServerEvent | null) => {
      if (event) handlers[event.type]?.(event);
    };
    source.addEventListener('message', (event) => dispatch(parseServerEvent(event)));
    for (const type of Object.keys(handlers)) {
      source.addEventListener(type, (event) => dispatch(parseServerEvent(event, type)));
    }
  };

  connect();
  return {
    close: () => {
      closed = true;
      if (timer !== null) clearTimer(timer);
      source?.close();
      source = null;
    },
  };
};
