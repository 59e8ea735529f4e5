import { useEffect, useMemo, useState } from 'react';
import type { DemoSample } from '../../lib/demo-samples';
import { ImageDrop } from '../object-detection/ImageDrop';
import { ImageSourceTabs, selectedSample } from './ImageSourceTabs';
import { useDebouncedValue } from './use-debounced-value';

/** The image a demo will send: a sample or typed URL, or an uploaded file, and how to preview it. */
export interface ImageSource {
  /** The URL field (a picked sample's absolute URL, or what the visitor typed). */
  imageUrl: string;
  /** The uploaded file, which replaces the URL. */
  file: File | undefined;
  /** What the preview shows: the file, a picked sample at once, a typed URL once typing pauses. */
  previewSrc: string;
  /** The image actually sent now (a typed URL may not have reached the debounced preview yet). */
  sentSrc: string;
  /** Alt text of the preview. */
  previewAlt: string;
  /** The sample the URL points at, if any. */
  sample: DemoSample | undefined;
  /** Sets or clears the uploaded file. */
  chooseFile: (file: File | undefined) => void;
  /** Sets the URL; `sample` when one was picked. */
  chooseUrl: (url: string, sample?: DemoSample) => void;
  /** Remounts the drop zone when the file is cleared, so its native input forgets the file. */
  dropKey: number;
  samples: readonly DemoSample[];
}

/** The state of one image source over `samples`. */
export function useImageSource(samples: readonly DemoSample[]): ImageSource {
  const [imageUrl, setImageUrl] = useState('');
  const [picked, setPicked] = useState(false);
  const [file, setFile] = useState<File>();
  const [dropKey, setDropKey] = useState(0);

  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : ''), [file]);
  useEffect(
    () => () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl);
    },
    [fileUrl],
  );
  const debouncedUrl = useDebouncedValue(imageUrl, 400);
  const sample = selectedSample(samples, imageUrl);

  // One source at a time: an upload clears the sample or URL (so no sample still reads
  // "Selected"), and a sample or URL clears the upload (chooseUrl).
  function chooseFile(next: File | undefined) {
    setFile(next);
    if (next) {
      setImageUrl('');
      setPicked(false);
    } else setDropKey((k) => k + 1);
  }

  return {
    imageUrl,
    file,
    previewSrc: file ? fileUrl : (picked ? imageUrl : debouncedUrl).trim(),
    sentSrc: file ? fileUrl : imageUrl.trim(),
    previewAlt: file
      ? `Uploaded image ${file.name}`
      : (sample?.alt ?? 'Preview of the image at the entered URL'),
    sample,
    chooseFile,
    chooseUrl: (url, s) => {
      setImageUrl(url);
      setPicked(s !== undefined);
      if (file) chooseFile(undefined);
    },
    dropKey,
    samples,
  };
}

/**
 * The image source block every demo shares: "Sample Images" / "Image URL" tabs (keyboard tabs,
 * samples as toggle buttons) and the upload drop zone (a real, labelled file input, drag and
 * drop). The preview is `ImagePreview` with `source.previewSrc` / `source.previewAlt`.
 */
export function ImageSourcePicker({ source, urlLabel }: { source: ImageSource; urlLabel?: string }) {
  return (
    <>
      <ImageSourceTabs
        samples={source.samples}
        value={source.imageUrl}
        onChange={source.chooseUrl}
        {...(urlLabel ? { urlLabel } : {})}
      />
      <ImageDrop key={source.dropKey} file={source.file} onFile={source.chooseFile} />
    </>
  );
}
