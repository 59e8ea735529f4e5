/**
 * The image of a single-image request, analysed within the in-flight image budget: an upload
 * (multipart) is read under a lease reserved for its size before its bytes arrive; a URL's bytes
 * get a lease of their own once fetched. The one path of the facial analysis functions (the
 * API and its demo twin).
 */
import type { z } from 'zod';
import { DECODE_BYTES, withImageBudget, type BudgetLease } from './engine/image-budget';
import type { ImageDeps } from './scene/request';
import { siteOrigins } from './site-images';
import { isMultipart, readImageRequest, uploadReservation, type ImageSource } from './upload';

/** Reads the request (JSON with `schema`, or the form through `formSchema`) and runs `analyse` on its image. */
export function analyseRequestImage<S extends z.ZodType<{ image_url?: string | undefined }>, T>(
  req: Request,
  schema: S,
  formSchema: z.ZodType,
  analyse: (image: ImageSource, fields: z.output<S>, deps: ImageDeps, lease?: BudgetLease) => Promise<T>,
): Promise<T> {
  const run = async (lease?: BudgetLease): Promise<T> => {
    const { fields, image } = await readImageRequest(req, schema, { formSchema, lease });
    return analyse(image, fields, { siteOrigins: siteOrigins(req) }, 'bytes' in image ? lease : undefined);
  };
  return isMultipart(req)
    ? withImageBudget((lease) => run(lease), uploadReservation(req) + DECODE_BYTES)
    : run();
}
