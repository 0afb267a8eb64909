/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Seconds a request may take before it counts as a timeout (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests cycled through; `setupRequest` may change each one (e.g. its body) before it is sent. */
    requests?: {
      method?: string;
      path?: string;
      body?: string;
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
      /** Called with each answer's status and body. */
      onResponse?: (status: number, body: string) => void;
    }[];
  };
  type Result = {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p90: number; p99: number; average: number; max: number };
  };
  type Instance = EventEmitter & Promise<Result>;
  function autocannon(options: Options): Instance;
  export default autocannon;
}
