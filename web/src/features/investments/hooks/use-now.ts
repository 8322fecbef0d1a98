import { useEffect, useState } from "react";

/**
 * The current time, refreshed every minute, so a tab left open past Nairobi midnight offers the new day's claim
 * and the days-held and progress figures keep moving.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
