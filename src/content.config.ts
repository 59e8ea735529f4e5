import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { apiCategorySchema, apiSchema, useCaseSchema } from './shared/schemas/catalogue';
import { industrySchema, marketingSchema } from './shared/schemas/pages';
import { siteCopySchema } from './lib/copy';
import { accuracyCardSchema } from './shared/schemas/accuracy';
import { changelogEntrySchema } from './shared/schemas/changelog';

/** Catalogue collections: the same JSON files seed the database (`npm run db:seed`). */
const apis = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/apis' }),
  schema: apiSchema,
});

const useCases = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/use-cases' }),
  schema: useCaseSchema,
});

const apiCategories = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/api-categories' }),
  schema: apiCategorySchema,
});

const industries = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/industries' }),
  schema: industrySchema,
});

const marketing = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/marketing' }),
  schema: marketingSchema,
});

/** Site copy outside the pages' own collections: home figures, pricing lists and FAQ, nav. */
const siteCopy = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/site' }),
  schema: siteCopySchema,
});

/** Accuracy cards written by `npm run eval` (one per measured API, named by its id). */
const accuracy = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/accuracy' }),
  schema: accuracyCardSchema,
});

/** The changelog (/changelog and its RSS feed): one Markdown file per change, dated. */
const changelog = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/changelog' }),
  schema: changelogEntrySchema,
});

export const collections = {
  apis,
  useCases,
  apiCategories,
  industries,
  marketing,
  siteCopy,
  accuracy,
  changelog,
};
