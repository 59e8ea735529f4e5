import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML and until React has hydrated the island, then true. Submit
 * buttons stay disabled until then, so a click before hydration cannot submit the form natively
 * (a page reload that loses what the visitor typed).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
