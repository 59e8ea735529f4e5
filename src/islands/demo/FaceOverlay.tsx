import type { Face } from '../../shared/schemas/faces';

const COLOURS = ['#2451e0', '#d9480f', '#2b8a3e', '#ae3ec9', '#c92a2a', '#0b7285'];

export interface FaceOverlayProps {
  faces: readonly Face[];
  /** Size of the analysed image in pixels: the coordinates of boxes and landmarks. */
  width: number;
  height: number;
  /** Draw the full mesh of faces that carry one. */
  showMesh: boolean;
}

/**
 * Face boxes, the five landmarks (eyes, nose tip, mouth corners) and, when asked, the mesh points,
 * drawn over the preview. The SVG's viewBox is the analysed image's pixel grid and it stretches
 * over the displayed image, so everything lines up at any display size.
 */
export function FaceOverlay({ faces, width, height, showMesh }: FaceOverlayProps) {
  if (width <= 0 || height <= 0) return null;
  const unit = Math.max(width, height) / 400;
  return (
    <svg
      className="pointer-events-none absolute inset-0 h-full w-full"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`${faces.length} face${faces.length === 1 ? '' : 's'} found, with boxes and landmarks`}
      data-testid="face-boxes"
    >
      {faces.map((f, i) => {
        const [x, y, w, h] = f.bounding_box;
        const colour = COLOURS[i % COLOURS.length] ?? '#2451e0';
        const label = String(i + 1);
        const fontSize = 11 * unit;
        return (
          <g key={i} data-face={i + 1}>
            <rect x={x} y={y} width={w} height={h} fill="none" stroke={colour} strokeWidth={2 * unit} />
            <rect
              x={x}
              y={Math.max(0, y - fontSize - 4 * unit)}
              width={(label.length * 0.62 + 0.6) * fontSize}
              height={fontSize + 4 * unit}
              fill={colour}
            />
            <text
              x={x + 3 * unit}
              y={Math.max(0, y - fontSize - 4 * unit) + fontSize + unit}
              fill="#fff"
              fontSize={fontSize}
              fontFamily="system-ui, sans-serif"
              fontWeight="600"
            >
              {label}
            </text>
            {showMesh &&
              f.mesh?.map(([mx, my], k) => <circle key={k} cx={mx} cy={my} r={0.7 * unit} fill="#facc15" />)}
            {Object.values(f.landmarks).map(([lx, ly], k) => (
              <circle
                key={`l${k}`}
                cx={lx}
                cy={ly}
                r={2.5 * unit}
                fill={colour}
                stroke="#fff"
                strokeWidth={unit}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
