import { useEffect, useState } from 'react';

/** The current time, renewed every `ms` (for countdowns). */
export const useNow = (ms = 1000): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
};

/** `h:mm:ss` (or `m:ss` under an hour) from `now` to `target`; `0:00` once passed. */
export const countdownText = (target: Date, now: Date): string => {
  const total = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};
