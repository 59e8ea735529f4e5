// Type declarations for the font tools, which ship JavaScript only (used by scripts/lib/brand-font.ts and its test).
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    noLayoutClosure?: boolean;
  }
  export default function subsetFont(source: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

declare module 'fontverter' {
  export function convert(buffer: Buffer, toFormat: 'sfnt' | 'woff' | 'woff2' | 'truetype'): Promise<Buffer>;
}
