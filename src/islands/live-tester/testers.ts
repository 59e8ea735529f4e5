/**
 * Which API pages show a live tester, and which tester. An API page shows one only when its API
 * has an entry here, so no page ever runs another API's endpoint: add an API's tester here when
 * its own endpoints exist.
 */
import { CLASSIFY_TESTER } from './classify-tester';
import {
  CAPTION_TESTER,
  FACES_TESTER,
  SIMILAR_TESTER,
  VALIDATION_TESTER,
  WATERMARK_TESTER,
} from './image-testers';
import { DETECT_TESTER } from './live-tester';
import type { TesterDefinition } from './tester-model';

export const TESTERS: Readonly<Record<string, TesterDefinition>> = Object.fromEntries(
  [
    DETECT_TESTER,
    CLASSIFY_TESTER,
    CAPTION_TESTER,
    SIMILAR_TESTER,
    VALIDATION_TESTER,
    WATERMARK_TESTER,
    FACES_TESTER,
  ].map((t) => [t.apiId, t]),
);

/** The live tester of `apiId`, or undefined when that API has none yet. */
export function testerFor(apiId: string): TesterDefinition | undefined {
  return Object.hasOwn(TESTERS, apiId) ? TESTERS[apiId] : undefined;
}

/** The keyless path the live tester of `apiId` calls, or undefined when that API has no tester yet. */
export function testerEndpoint(apiId: string): string | undefined {
  return testerFor(apiId)?.demoPath;
}
