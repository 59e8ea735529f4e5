import { useId, useState, type DragEvent } from 'react';
import { cn } from '../../lib/cn';

export interface ImageDropProps {
  file: File | undefined;
  onFile: (file: File | undefined) => void;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Upload by drag and drop or the native file picker. The picker is a real, focusable file
 * input (visually merged into the drop zone), so keyboard and screen-reader users get it as is.
 */
export function ImageDrop({ file, onFile }: ImageDropProps) {
  const id = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  }

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'mt-4 rounded-lg border-2 border-dashed p-4 text-center transition-colors focus-within:border-brand-600',
        over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
      )}
    >
      <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-ink">
        Or upload your own image
        <span className="mt-1 block text-xs font-normal text-muted" id={hintId}>
          Drag a file here or choose one: JPEG, PNG or WebP, at least 256 px per side. Large photos are
          reduced to about 2 megapixels in your browser before upload.
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-describedby={hintId}
        data-testid="image-upload"
        onChange={(e) => onFile(e.target.files?.[0])}
        className="mx-auto mt-3 block max-w-full text-sm text-muted file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-700"
      />
      {file && (
        <p className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-ink">
          <span className="break-all">Using {file.name}</span>
          <button type="button" className="btn-ghost px-2 py-1 text-sm" onClick={() => onFile(undefined)}>
            Remove file
          </button>
        </p>
      )}
    </div>
  );
}
