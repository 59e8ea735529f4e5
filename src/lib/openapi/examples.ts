/**
 * An operation's examples as the OpenAPI document shows them: those written in the contract,
 * then the stored real exchanges it names (content/examples), read here and only here so the
 * stored bodies stay out of the browser bundles of the islands that import contracts.
 */
import type { NamedExample, OperationContract } from '../../shared/contracts/operation';
import { example } from '../../shared/examples';
import { DEFAULT_SITE_ORIGIN } from '../../shared/site-origin';

export interface OperationExamples {
  request: NamedExample<unknown>[];
  response: NamedExample<unknown>[];
}

/** Every example of `op`, with the default origin in the stored ones' URLs (the builder swaps in the site's). */
export function operationExamples(op: OperationContract): OperationExamples {
  const stored = (names: readonly string[] | undefined, part: 'request' | 'response') =>
    (names ?? []).map((name) => {
      const ex = example(name, DEFAULT_SITE_ORIGIN);
      return { summary: ex.title, value: ex[part] };
    });
  return {
    request: [...(op.examples?.request ?? []), ...stored(op.storedExamples?.request, 'request')],
    response: [...(op.examples?.response ?? []), ...stored(op.storedExamples?.response, 'response')],
  };
}
