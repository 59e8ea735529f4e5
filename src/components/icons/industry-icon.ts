/** Industries with their own badge icon; any other industry gets the generic building. */
export const industryIcons = {
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
} as const;

export type IndustryIconName = (typeof industryIcons)[keyof typeof industryIcons] | 'default';

/** The icon for an industry name, matched case- and space-insensitively; unknown -> `default`. */
export function industryIcon(industry: string): IndustryIconName {
  const key = industry.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.hasOwn(industryIcons, key) ? industryIcons[key as keyof typeof industryIcons] : 'default';
}
