import { useCallback, useEffect, useState } from 'react';

function secondsLeft(endsAt: number): number {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

/**
 * A countdown in whole seconds, ticking once a second. It follows the clock rather than
 * counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(initialSeconds = 0) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(() => Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (secondsLeft(endsAt) <= 0) return undefined;
    const timer = setInterval(() => {
      const left = secondsLeft(endsAt);
      setRemaining(left);
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(Math.max(0, Math.ceil(seconds)));
  }, []);

  const stop = useCallback(() => {
    setEndsAt(Date.now());
    setRemaining(0);
  }, []);

  return { remaining, running: remaining > 0, start, stop };
}
