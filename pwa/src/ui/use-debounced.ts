import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (search boxes: 1 s, spec §9). */
export function useDebounced<T>(value: T, delay = 1000): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return settled;
}
