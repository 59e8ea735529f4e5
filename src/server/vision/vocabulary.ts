/**
 * Product object names (what customers put in category definitions and requests, e.g. `sofa`,
 * `fridge`, `walk_in_shower`) mapped to the model's COCO classes. A name the model has no class
 * for is reported as undetectable, never answered `false`: "no" would claim we looked for it.
 */
import { COCO_LABELS, type CocoLabel } from './coco-labels';

/** Extra names for COCO classes, beyond the class name itself in snake_case. */
const SYNONYMS: Partial<Record<CocoLabel, readonly string[]>> = {
  person: ['people', 'human', 'man', 'woman', 'child'],
  couch: ['sofa', 'settee', 'loveseat'],
  refrigerator: ['fridge', 'freezer'],
  'dining table': ['table', 'kitchen_table', 'dinner_table'],
  tv: ['television', 'tv_monitor', 'monitor', 'screen'],
  'potted plant': ['plant', 'houseplant', 'house_plant', 'pot_plant'],
  oven: ['stove', 'range', 'cooker'],
  'cell phone': ['phone', 'mobile_phone', 'smartphone', 'cellphone'],
  laptop: ['notebook_computer'],
  remote: ['remote_control'],
  mouse: ['computer_mouse'],
  'hair drier': ['hair_dryer', 'hairdryer'],
  motorcycle: ['motorbike'],
  bicycle: ['bike'],
  airplane: ['aeroplane', 'plane'],
  'sports ball': ['ball'],
  'teddy bear': ['teddy'],
  sink: ['basin', 'washbasin', 'wash_basin'],
  toilet: ['wc', 'lavatory'],
  'wine glass': ['glass'],
  cup: ['mug'],
};

/** Canonical form: lower case, words joined by underscores. */
export function normalizeObjectName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

const byName = new Map<string, CocoLabel>();
for (const label of COCO_LABELS) {
  byName.set(normalizeObjectName(label), label);
  for (const alias of SYNONYMS[label] ?? []) byName.set(normalizeObjectName(alias), label);
}

/** The COCO class a product name refers to, or undefined when the model cannot detect it. */
export function resolveObject(name: string): CocoLabel | undefined {
  const key = normalizeObjectName(name);
  const direct = byName.get(key);
  if (direct) return direct;
  // Simple plurals: chairs, sofas, benches, boxes.
  if (key.endsWith('es') && byName.has(key.slice(0, -2))) return byName.get(key.slice(0, -2));
  if (key.endsWith('s')) return byName.get(key.slice(0, -1));
  return undefined;
}

export interface ResolvedObjects {
  /** Requested name (as given, normalised) -> the COCO class that answers it. */
  detectable: Map<string, CocoLabel>;
  /** Requested names the model has no class for (e.g. walk_in_shower, fireplace). */
  undetectable: string[];
}

/** Splits requested names into detectable (with their class) and undetectable; drops duplicates. */
export function resolveObjects(names: readonly string[]): ResolvedObjects {
  const detectable = new Map<string, CocoLabel>();
  const undetectable: string[] = [];
  for (const raw of names) {
    const name = normalizeObjectName(raw);
    if (!name || detectable.has(name) || undetectable.includes(name)) continue;
    const label = resolveObject(name);
    if (label) detectable.set(name, label);
    else undetectable.push(name);
  }
  return { detectable, undetectable };
}
