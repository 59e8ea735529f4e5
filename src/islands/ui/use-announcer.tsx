import { useCallback, useState } from 'react';

/**
 * A polite live region and the function that speaks in it. Each message is set anew, even when
 * it repeats, so screen readers speak it again.
 */
export function useAnnouncer(testId: string): {
  announce: (message: string) => void;
  region: React.ReactNode;
} {
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);
  const region = (
    <p className="sr-only" aria-live="polite" role="status" data-testid={testId}>
      {announcement}
    </p>
  );
  return { announce, region };
}
