/**
 * Table types of the application database, one interface per table, snake_case like the
 * columns. The service layers map rows to the camelCase shapes the pages read.
 *
 * Conventions:
 * - `Generated<T>`: the database fills it (uuid, defaults); optional on insert.
 * - `numeric` columns come back from node-postgres as strings (exact decimals); convert at the
 *   edge, never do money arithmetic on floats in SQL results.
 * - `jsonb` columns are written as JSON text (`toJson(value)`): node-postgres would otherwise
 *   send a JS array as a Postgres array literal, which jsonb rejects.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Endpoint, PricingPlan } from '../../shared/schemas/catalogue';

declare const jsonBrand: unique symbol;
/** JSON text known to encode a `T`; produced by `toJson`. */
export type JsonText<T> = string & { readonly [jsonBrand]: T };

/** Serialises a value for a `jsonb` column, keeping the column's type checked. */
export function toJson<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** A required `jsonb` column: read as `T`, written as JSON text. */
export type Json<T> = ColumnType<T, JsonText<T>, JsonText<T>>;
/** A `jsonb` column with a database default. */
export type JsonWithDefault<T> = ColumnType<T, JsonText<T> | undefined, JsonText<T>>;
/** `numeric` column: read as an exact decimal string, written as a number or string. */
export type Numeric = ColumnType<string, number | string, number | string>;
/** `numeric` column with a database default. */
export type NumericWithDefault = ColumnType<string, number | string | undefined, number | string>;
/** `timestamptz` column with a `now()` default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  password: string;
  email: string;
  created_at: CreatedAt;
}

export interface ApisTable {
  id: string;
  name: string;
  description: string;
  category: string;
  price: Numeric;
  status: string;
  icon: string;
  features: Json<string[]>;
  endpoints: Json<Endpoint[]>;
  use_cases: JsonWithDefault<string[]>;
  base_url: string | null;
  pricing_plans: JsonWithDefault<PricingPlan[]>;
}

export interface UseCasesTable {
  id: string;
  name: string;
  description: string;
  image_url: string;
  image_alt: string | null;
  industries: Json<string[]>;
  applicable_apis: Json<string[]>;
  benefits: JsonWithDefault<string[]>;
}

export interface ApiCategoriesTable {
  id: string;
  name: string;
  objects: Json<string[]>;
}

export interface DetectionResultsTable {
  id: Generated<string>;
  user_id: string | null;
  api_id: string;
  image_urls: Json<string[]>;
  category: string;
  mode: string;
  error_checks: NumericWithDefault;
  results: Json<unknown>;
  timestamp: CreatedAt;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  api_id: string;
  is_active: Generated<boolean>;
  subscription_date: CreatedAt;
  usage_count: Generated<number>;
  /** Tier id: `testing`, `standard`, `premium` (APIs without tiers: `standard`). */
  tier: Generated<string>;
  /** Requests included per month; null when pay per use without a cap. */
  monthly_quota: ColumnType<number | null, number | null | undefined, number | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  last4: string;
  /** SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UsageEventsTable {
  id: Generated<string>;
  user_id: string;
  key_id: string | null;
  api_id: string;
  method: string;
  endpoint: string;
  status: number;
  images: number;
  duration_ms: number;
  at: CreatedAt;
}

/** `date` column: the first day of a billing month (UTC), written and read as `YYYY-MM-DD`. */
export type PeriodDate = ColumnType<Date | string, string, string>;

export interface UsageMonthlyTable {
  user_id: string;
  api_id: string;
  period: PeriodDate;
  requests: Generated<number>;
  images: Generated<number>;
}

export interface UsageMonthlyKeysTable {
  key_id: string;
  period: PeriodDate;
  requests: Generated<number>;
  images: Generated<number>;
}

/** Images analysed on the Free tier per account and billing month, across all APIs. */
export interface FreeUsageMonthlyTable {
  user_id: string;
  period: PeriodDate;
  images: Generated<number>;
}

export interface AccountCategoriesTable {
  user_id: string;
  category: string;
  name: string;
  objects: Json<string[]>;
}

export interface ContactsTable {
  id: Generated<string>;
  name: string;
  email: string;
  message: string;
  page_name: string;
  created_at: CreatedAt;
}

/** A report of a wrong photo-authenticity result (POST /api/error). */
export interface AuthenticityErrorReportsTable {
  id: Generated<string>;
  user_id: string | null;
  image_url: string;
  job_id: string | null;
  comment: string | null;
  created_at: CreatedAt;
}

/** A brand wordmark an account added to the watermark analysis's list. */
export interface WatermarkBrandsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** JSON array of other spellings. */
  aliases: JsonWithDefault<string[]>;
  name_key: string;
  created_at: CreatedAt;
}

/** A custom classification label set of one account. */
export interface LabelSetsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: CreatedAt;
}

/** One example image of a label set, as its embedding (base64 float32). */
export interface LabelSetExamplesTable {
  id: Generated<string>;
  label_set_id: string;
  label: string;
  embedding: string;
}

/**
 * Similar-image search (only where pgvector is available; see the migration). `embedding` is
 * pgvector text (`[0.1,0.2,...]`), written with `toVector`.
 */
export interface GalleryImagesTable {
  id: string;
  category: string;
  title: string;
  url: string;
  credit: string;
  license: string;
  source: string | null;
  phash: string;
  embedding: string;
  created_at: CreatedAt;
}

export interface SimilarCollectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
}

export interface CollectionImagesTable {
  collection_id: string;
  image_id: string;
  category: string;
  url: string | null;
  metadata: JsonWithDefault<Record<string, unknown>>;
  phash: string;
  embedding: string;
  created_at: CreatedAt;
}

/** A photo-authenticity batch job (POST /api/predict_batch). */
export interface BatchJobsTable {
  id: Generated<string>;
  user_id: string;
  api_id: string;
  api_key_id: string | null;
  idempotency_key: string | null;
  /** SHA-256 of the request body, to tell a retry from a different request under one key. */
  request_hash: string;
  image_urls: ColumnType<string[], string, string>;
  callback_url: string | null;
  site_origins: ColumnType<string[], string | undefined, string>;
  status: ColumnType<
    'pending' | 'processing' | 'completed' | 'failed',
    'pending' | undefined,
    'pending' | 'processing' | 'completed' | 'failed'
  >;
  total: number;
  done: Generated<number>;
  error: string | null;
  callback_status: 'pending' | 'delivered' | 'failed' | null;
  callback_attempts: Generated<number>;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  /** Billed to the Free tier's allowance (images given back return there). */
  free_allowance: Generated<boolean>;
  /** What each image gets: the authenticity summary, or a virtual inspection's photo analysis. */
  kind: ColumnType<'authenticity' | 'inspection', 'authenticity' | 'inspection' | undefined, never>;
  /** The request's options beside its images (an inspection's checklist and property_ref). */
  options: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** An inspection's report, written by its finishing step. */
  report: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** A photo uploaded with a job, kept only until the job ends. */
export interface BatchJobUploadsTable {
  job_id: string;
  idx: number;
  bytes: Uint8Array;
}

/** One finished image of a batch job, stored once (primary key job + index). */
export interface BatchJobItemsTable {
  job_id: string;
  idx: number;
  result: ColumnType<Record<string, unknown>, string, string>;
  worker_id: string | null;
  finished_at: CreatedAt;
}

/** Heartbeats of queue workers; a stale one has its locked queue jobs released. */
export interface BatchWorkersTable {
  worker_id: string;
  last_seen: CreatedAt;
}

/** One logged API call (the dashboard's request log): bodies truncated, no image bytes. */
export interface RequestLogTable {
  id: Generated<string>;
  user_id: string;
  key_id: string | null;
  api_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  images: Generated<number>;
  request_kind: 'json' | 'multipart' | 'other' | null;
  request_headers: JsonWithDefault<Record<string, string>>;
  request_body: string | null;
  request_truncated: Generated<boolean>;
  uploads: JsonWithDefault<{ field: string; filename: string; size: number; type: string }[]>;
  response_body: string | null;
  response_truncated: Generated<boolean>;
  at: CreatedAt;
}

/** An account's alert webhook and its signing secret. */
export interface UsageAlertSettingsTable {
  user_id: string;
  webhook_url: string | null;
  webhook_secret: string;
  updated_at: CreatedAt;
}

/** A usage threshold of an account. */
export interface UsageAlertsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'quota_percent' | 'images';
  api_id: string | null;
  threshold: number;
  created_at: CreatedAt;
}

/** A usage alert that fired (once per alert and billing month). */
export interface UsageAlertEventsTable {
  id: Generated<string>;
  alert_id: string;
  user_id: string;
  period: PeriodDate;
  used: number;
  limit_value: number;
  fired_at: CreatedAt;
  webhook_status: 'pending' | 'delivered' | 'failed' | null;
  webhook_attempts: Generated<number>;
}

/** One recorded health check of the status page (`record-status-probe`, every 5 minutes). */
export interface StatusProbesTable {
  id: Generated<string>;
  checked_at: CreatedAt;
  status: 'ok' | 'degraded' | 'down';
  /** The health report's components (src/shared/schemas/status.ts). */
  components: Json<unknown[]>;
  latency_ms: number;
}

/** Every application table by name; the one type `Kysely<Database>` is built on. */
export interface Database {
  users: UsersTable;
  apis: ApisTable;
  use_cases: UseCasesTable;
  api_categories: ApiCategoriesTable;
  detection_results: DetectionResultsTable;
  subscriptions: SubscriptionsTable;
  contacts: ContactsTable;
  api_keys: ApiKeysTable;
  usage_events: UsageEventsTable;
  usage_monthly: UsageMonthlyTable;
  usage_monthly_keys: UsageMonthlyKeysTable;
  free_usage_monthly: FreeUsageMonthlyTable;
  account_categories: AccountCategoriesTable;
  authenticity_error_reports: AuthenticityErrorReportsTable;
  watermark_brands: WatermarkBrandsTable;
  label_sets: LabelSetsTable;
  label_set_examples: LabelSetExamplesTable;
  gallery_images: GalleryImagesTable;
  similar_collections: SimilarCollectionsTable;
  collection_images: CollectionImagesTable;
  batch_jobs: BatchJobsTable;
  batch_job_items: BatchJobItemsTable;
  batch_job_uploads: BatchJobUploadsTable;
  batch_workers: BatchWorkersTable;
  request_log: RequestLogTable;
  usage_alert_settings: UsageAlertSettingsTable;
  usage_alerts: UsageAlertsTable;
  usage_alert_events: UsageAlertEventsTable;
  status_probes: StatusProbesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type ApiRow = Selectable<ApisTable>;
export type NewApi = Insertable<ApisTable>;
export type ApiUpdate = Updateable<ApisTable>;

export type UseCaseRow = Selectable<UseCasesTable>;
export type NewUseCase = Insertable<UseCasesTable>;
export type UseCaseUpdate = Updateable<UseCasesTable>;

export type ApiCategoryRow = Selectable<ApiCategoriesTable>;
export type NewApiCategory = Insertable<ApiCategoriesTable>;
export type ApiCategoryUpdate = Updateable<ApiCategoriesTable>;

export type DetectionResultRow = Selectable<DetectionResultsTable>;
export type NewDetectionResult = Insertable<DetectionResultsTable>;
export type DetectionResultUpdate = Updateable<DetectionResultsTable>;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type SubscriptionUpdate = Updateable<SubscriptionsTable>;

export type ContactRow = Selectable<ContactsTable>;
export type NewContact = Insertable<ContactsTable>;
// Stored submissions are never altered, so there is deliberately no ContactUpdate.
