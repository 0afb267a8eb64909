/** A minimal Server-Sent Events client for tests (Node has no EventSource before 22). */
export type EventStream = {
  status: number;
  headers: Headers;
  /** `data:` payloads parsed as JSON, in arrival order. */
  events: unknown[];
  /** Resolves when an event matching `predicate` has arrived (or rejects after `timeoutMs`). */
  waitFor: (predicate: (event: unknown) => boolean, timeoutMs?: number) => Promise<unknown>;
  /** Raw text received so far (comments and retry hints included). */
  text: () => string;
  close: () => void;
};

export const openEventStream = async (url: string, cookie?: string): Promise<EventStream> => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const events: unknown[] = [];
  let raw = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  if (response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += value;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n');
            if (data) events.push(JSON.parse(data));
            end = buffer.indexOf('\n\n');
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    text: () => raw,
    waitFor: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found !== undefined) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`event not received within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
};
