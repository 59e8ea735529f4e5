import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ImagePreviewProps {
  /** URL to preview; empty shows the hint. */
  src: string;
  /** Alt text of the previewed image. */
  alt: string;
  /** Drawn over the loaded image in its own coordinate box (e.g. bounding boxes). */
  overlay?: ReactNode;
  /** Called once the image has loaded, with its intrinsic size. */
  onLoad?: (size: { width: number; height: number }) => void;
  className?: string;
}

type Status = 'empty' | 'loading' | 'loaded' | 'error';

/** Live preview of the chosen image with empty, loading and failed states. */
export function ImagePreview({ src, alt, overlay, onLoad, className }: ImagePreviewProps) {
  // Outcomes are keyed by URL so a new URL starts in "loading" without an effect resetting state.
  const [loaded, setLoaded] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const status: Status =
    src === '' ? 'empty' : failed === src ? 'error' : loaded === src ? 'loaded' : 'loading';

  return (
    <div
      className={cn(
        'relative flex min-h-56 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50',
        className,
      )}
    >
      {src !== '' && status !== 'error' && (
        <div className={cn('relative', status !== 'loaded' && 'sr-only')}>
          <img
            key={src}
            src={src}
            alt={alt}
            className="block max-h-96 w-auto max-w-full"
            onLoad={(e) => {
              setLoaded(src);
              onLoad?.({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight });
            }}
            onError={() => setFailed(src)}
          />
          {status === 'loaded' && overlay}
        </div>
      )}
      <p
        role="status"
        className={cn(
          'px-6 text-center text-sm',
          status === 'error' ? 'text-red-700' : 'text-muted',
          status === 'loaded' && 'sr-only',
        )}
      >
        {status === 'empty' && 'Choose a sample or enter an image URL to see a preview.'}
        {status === 'loading' && 'Loading preview…'}
        {status === 'error' &&
          'The image could not be loaded. Check that the URL is correct and points to a publicly accessible image.'}
        {status === 'loaded' && 'Image preview loaded.'}
      </p>
    </div>
  );
}
