import type { DemoObjectFound } from '../../shared/schemas/detect';

/** Distinct, high-contrast colours for boxes; labels sit on a solid chip for legibility. */
const COLOURS = ['#2451e0', '#d9480f', '#2b8a3e', '#ae3ec9', '#c92a2a', '#0b7285', '#e67700', '#5c940d'];

export interface BoxOverlayProps {
  objects: readonly DemoObjectFound[];
  /** Size of the analysed image in source pixels: the boxes' coordinate system. */
  width: number;
  height: number;
}

/**
 * Bounding boxes drawn over the preview. The SVG's viewBox is the source image's pixel grid and
 * it stretches over the displayed image, so boxes line up at any display size.
 */
export function BoxOverlay({ objects, width, height }: BoxOverlayProps) {
  if (width <= 0 || height <= 0) return null;
  const names = [...new Set(objects.map((o) => o.object))];
  // Stroke and text scale with the image so they read the same at any source resolution.
  const unit = Math.max(width, height) / 400;
  return (
    <svg
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`${objects.length} detected object${objects.length === 1 ? '' : 's'}: ${objects.map((o) => `${o.object} ${Math.round(o.confidence * 100)}%`).join(', ')}`}
      data-testid="detection-boxes"
    >
      {objects.map((o, i) => {
        const [x, y, w, h] = o.bounding_box;
        const colour = COLOURS[names.indexOf(o.object) % COLOURS.length] ?? COLOURS[0];
        const label = `${o.object} ${Math.round(o.confidence * 100)}%`;
        const fontSize = 9 * unit;
        const labelW = label.length * fontSize * 0.6 + 6 * unit;
        const labelH = fontSize + 5 * unit;
        const above = y - labelH >= 0;
        const ly = above ? y - labelH : y;
        return (
          <g key={`${o.object}-${i}`} data-object={o.object}>
            <rect x={x} y={y} width={w} height={h} fill="none" stroke={colour} strokeWidth={2 * unit} />
            <rect x={x} y={ly} width={Math.min(labelW, width - x)} height={labelH} fill={colour} />
            <text x={x + 3 * unit} y={ly + fontSize + 1 * unit} fill="#fff" fontSize={fontSize} fontFamily="system-ui, sans-serif" fontWeight="600">
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
