import type { DemoObjectFound } from '../../shared/schemas/detect';
import { labelSize, labelText, placeLabels } from './box-labels';

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
      aria-label={`${objects.length} detected object${objects.length === 1 ? '' : 's'}: ${objects.map(labelText).join(', ')}`}
      data-testid="detection-boxes"
    >
      {/* Lowest score first, so the best label of a shared box is drawn on top. */}
      {placeLabels(objects, width, height, unit).map(({ index, object: o, text, label }) => {
        const [x, y, w, h] = o.bounding_box;
        const colour = COLOURS[names.indexOf(o.object) % COLOURS.length] ?? COLOURS[0];
        const { fontSize } = labelSize(text, unit);
        return (
          <g key={`${o.object}-${index}`} data-object={o.object}>
            <rect x={x} y={y} width={w} height={h} fill="none" stroke={colour} strokeWidth={2 * unit} />
            <rect x={label.x} y={label.y} width={label.width} height={label.height} fill={colour} />
            <text
              x={label.x + 3 * unit}
              y={label.y + fontSize + 1 * unit}
              fill="#fff"
              fontSize={fontSize}
              fontFamily="system-ui, sans-serif"
              fontWeight="600"
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
