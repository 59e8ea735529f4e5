/**
 * The site's one icon set: small line icons on a 24px grid, drawn inline (no icon font, no
 * request) by `Icon.astro` on static pages and `Icon.tsx` in React islands. `ICON_NAMES` is
 * what the content schemas accept for an `icon` field, so content can name exactly the icons
 * that exist.
 */
export const ICONS = {
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
  checkCircle: '<circle cx="12" cy="12" r="9"/><path d="M8 12.5l2.8 2.8L16 9.5"/>',
  bolt: '<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>',
  code: '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
  scale: '<path d="M4 20V10M10 20V4M16 20v-7M22 20H2"/>',
  shield: '<path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z"/><path d="M9 12l2 2 4-4"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  target: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5"/><circle cx="12" cy="12" r="1"/>',
  support:
    '<path d="M4 14v-2a8 8 0 0 1 16 0v2"/><rect x="3" y="13" width="4" height="6" rx="1.5"/><rect x="17" y="13" width="4" height="6" rx="1.5"/><path d="M19 19c0 1.5-2 2.5-5 2.5"/>',
  arrowLeft: '<path d="M19 12H5M11 6l-6 6 6 6"/>',
  arrowRight: '<path d="M5 12h14M13 6l6 6-6 6"/>',
  chevronDown: '<path d="M6 9l6 6 6-6"/>',
  layers: '<path d="M12 3l9 5-9 5-9-5z"/><path d="M3 13l9 5 9-5"/>',
  key: '<circle cx="8" cy="15" r="4"/><path d="M11 12l9-9M17 6l3 3M15 8l2 2"/>',
  rocket:
    '<path d="M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1-4 4.5-8.5 12-9-.5 7.5-5 11-9 12z"/><circle cx="14.5" cy="9.5" r="1.5"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z"/><path d="M4 21V5M8 7h8"/>',
  play: '<circle cx="12" cy="12" r="9"/><path d="M10 8.5v7l6-3.5z"/>',
  globe:
    '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"/>',
  sparkles:
    '<path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  refresh:
    '<path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 13a8 8 0 0 0 14.6 4.5L20 16"/><path d="M4 4v4h4M20 20v-4h-4"/>',
  chart: '<path d="M3 3v18h18"/><path d="M7 15l4-4 3 3 6-7"/>',
  lock: '<rect x="4" y="10" width="16" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/>',
  users:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c.5-3.5 3.2-5.5 6.5-5.5s6 2 6.5 5.5"/><path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .8 3.2 2.6 3.5 5.2"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="M20 20l-4-4"/>',
  camera:
    '<path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"/><circle cx="12" cy="13.5" r="3.5"/>',
  alert: '<path d="M12 4 21.5 20h-19zM12 10v4.5M12 17.5h.01"/>',
  tool: '<path d="M14.5 6.5a4 4 0 0 0 5 5L12 19a2.1 2.1 0 0 1-3-3l7.5-7.5a4 4 0 0 0-2-2zM5 5l4 4"/>',
  box: '<path d="M4 7.5 12 4l8 3.5-8 3.5zM4 7.5V16.5l8 3.5 8-3.5V7.5M12 11v9"/>',
  eye: '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  brain:
    '<path d="M12 5.5a3 3 0 0 0-5.4-1.8A3 3 0 0 0 3.8 8a3.5 3.5 0 0 0 .4 6.2A3.2 3.2 0 0 0 7.3 19a2.8 2.8 0 0 0 4.7.9z"/><path d="M12 5.5a3 3 0 0 1 5.4-1.8A3 3 0 0 1 20.2 8a3.5 3.5 0 0 1-.4 6.2 3.2 3.2 0 0 1-3.1 4.8 2.8 2.8 0 0 1-4.7.9"/><path d="M8 9.5c1 0 2 .6 2.3 1.6M16 9.5c-1 0-2 .6-2.3 1.6M8.6 15.2c1 0 1.8-.5 2.2-1.4M15.4 15.2c-1 0-1.8-.5-2.2-1.4"/>',
  smile:
    '<circle cx="12" cy="12" r="9.5"/><path d="M8 14.5s1.5 2 4 2 4-2 4-2"/><path d="M9 9.5h.01M15 9.5h.01" stroke-width="3"/>',
  document: '<path d="M6.5 3h8l4 4v14h-12zM14 3v4.5h4.5M9 12h6M9 16h6"/>',
  pin: '<path d="M12 21s6.5-5.7 6.5-11.5a6.5 6.5 0 0 0-13 0C5.5 15.3 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"/>',
  tag: '<path d="M3.5 12.5V4h8.5l8.5 8.5-8 8zM8 9.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"/>',
  home: '<path d="M3 11l9-7 9 7M5 10v10h14V10"/><path d="M10 20v-6h4v6"/>',
  factory: '<path d="M3 20V10l5 3V10l5 3V6h3l1 5h4v9z"/><path d="M7 17h2M12 17h2M17 17h1"/>',
  car: '<path d="M5 16l1.5-5.5A2 2 0 0 1 8.4 9h7.2a2 2 0 0 1 1.9 1.5L19 16"/><rect x="3" y="16" width="18" height="4" rx="1"/><path d="M6 20v1.5M18 20v1.5"/>',
  bag: '<path d="M5 8h14l-1 13H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  cart: '<path d="M3 4h2l2.5 11h11L21 7H6.2"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/>',
  store: '<path d="M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9h16"/><path d="M10 20v-5h4v5"/>',
  umbrella: '<path d="M3 12a9 9 0 0 1 18 0z"/><path d="M12 12v7a2 2 0 0 1-4 0M12 3v0"/>',
  heart: '<path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.5 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"/>',
  leaf: '<path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15"/><path d="M5 19l7-7"/>',
  building:
    '<rect x="5" y="3" width="14" height="18" rx="1"/><path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M11 21v-3h2v3"/>',
} as const satisfies Record<string, string>;

/** A name the icon set can draw. */
export type IconName = keyof typeof ICONS;

/** Every icon name: the enum of the content schemas' `icon` fields. */
export const ICON_NAMES = Object.keys(ICONS) as [IconName, ...IconName[]];

/** The icon each catalogue `icon` value (Font Awesome names) is drawn with. */
export const API_ICONS = {
  'fa-eye': 'eye',
  'fa-brain': 'brain',
  'fa-face-smile': 'smile',
} as const satisfies Record<string, IconName>;

/** A catalogue `icon` value with a drawing. */
export type ApiIconName = keyof typeof API_ICONS;

/** The catalogue `icon` value an API card draws; anything unknown falls back to the eye. */
export function resolveApiIcon(icon: string | null | undefined): ApiIconName {
  return Object.hasOwn(API_ICONS, icon ?? '') ? (icon as ApiIconName) : 'fa-eye';
}

/** Industries with their own badge icon; any other industry gets the generic building. */
export const INDUSTRY_ICONS = {
  'real estate': 'home',
  manufacturing: 'factory',
  automotive: 'car',
  security: 'shield',
  retail: 'bag',
  'e-commerce': 'cart',
  marketplace: 'store',
  insurance: 'umbrella',
  healthcare: 'heart',
  agriculture: 'leaf',
} as const satisfies Record<string, IconName>;

/** The icon for an industry name, matched case- and space-insensitively; unknown -> `building`. */
export function industryIcon(industry: string): IconName {
  const key = industry.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.hasOwn(INDUSTRY_ICONS, key) ? INDUSTRY_ICONS[key as keyof typeof INDUSTRY_ICONS] : 'building';
}
