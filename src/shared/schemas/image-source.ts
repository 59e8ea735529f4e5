/**
 * The image of a single-image request, the same in every contract that takes one (caption,
 * classify, similar search, collection images, watermark): `image_url` in the JSON body, or the
 * image itself as `file` in the multipart form, which replaces it.
 */
import { z } from 'zod';
import { IMAGE_LIMIT_TEXT } from '../limits';

/** An HTTP(S) image URL as the APIs accept it. */
export const imageUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

const IMAGE_URL = `HTTP(S) URL of a JPEG, PNG or WebP image (up to ${IMAGE_LIMIT_TEXT.size}, ${IMAGE_LIMIT_TEXT.sides} px a side). Leave out when uploading a file.`;

/**
 * `json`: the `image_url` field of a JSON body (spread first into its object); `upload`: the
 * `file` field its multipart form adds (spread into the form's `.extend`). `imageUrlDescription`
 * replaces the default description of `image_url`.
 */
export function imageSourceFields({
  imageUrlDescription = IMAGE_URL,
}: { imageUrlDescription?: string } = {}) {
  return {
    json: { image_url: imageUrlSchema.optional().describe(imageUrlDescription) },
    upload: {
      file: z
        .file()
        .optional()
        .describe(
          `The image itself (JPEG, PNG or WebP, up to ${IMAGE_LIMIT_TEXT.size}); replaces \`image_url\`.`,
        ),
    },
  };
}
