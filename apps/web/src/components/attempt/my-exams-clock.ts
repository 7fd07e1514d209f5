import { useEffect, useState } from 'react';

/**
 * The server's time now (ms), this browser's clock plus `offset`, renewed every half second while
 * `running`: what every countdown of the page reads.
 */
export function useServerNow(offset: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [offset, running]);
  return now;
}

/** Seconds still to wait of `seconds` since the component mounted (a reading time): 0 at the end. */
export function useSecondsLeft(seconds: number): number {
  const [startedAt] = useState(() => performance.now());
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      const rest = Math.max(0, Math.ceil(seconds - (performance.now() - startedAt) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [seconds, startedAt]);
  return left;
}
