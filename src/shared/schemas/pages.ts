import { z } from 'zod';

/** A card with a title and a paragraph, used across marketing and industry pages. */
export const cardSchema = z.object({
  /** Card heading. */
  title: z.string().min(1),
  /** Card body text. */
  description: z.string().min(1),
});

/** Industry page copy (one JSON file per industry under content/industries). */
export const industrySchema = z.object({
  /** Route slug under /industries/. */
  slug: z.string(),
  /** Industry name. */
  name: z.string(),
});

/** Use-case marketing page copy (one JSON file per page under content/marketing). */
export const marketingSchema = z.object({
  /** Route slug at the site root. */
  slug: z.string(),
  /** Page name sent with contact requests. */
  pageName: z.string(),
});
