import { useEffect, useState } from 'react';

function secondsUntil(deadlineMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000));
}

/** Whole seconds left until `deadlineMs` (0 once passed), ticking every second. */
export function useCountdown(deadlineMs: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadlineMs));
  useEffect(() => {
    setSeconds(secondsUntil(deadlineMs));
    const timer = setInterval(() => {
      const next = secondsUntil(deadlineMs);
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadlineMs]);
  return seconds;
}

/** 125 → "2:05". */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
