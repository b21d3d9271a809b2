// How the stage log finds calls by an order's reference without keeping the reference: references are
// personal fields, masked in the request text the log keeps, so each call that carried references is
// kept with a keyed digest of each (their search keys, written by the log's thread). A search by
// reference asks for the digest of the reference searched for. The key is derived from the service's
// token secret: without it, a digest in the log tells nothing of the reference it was made from.
import { createHash, createHmac } from 'node:crypto';
import { referenceKey } from '../shipment/label-references.ts';

/** Hex characters of a digest kept (96 bits). */
const DIGEST_LENGTH = 24;

/** The key of the stage log's reference digests, derived from the service's token secret. */
export function stageLogSearchKey(tokenSecret: Buffer): string {
  return createHmac('sha256', tokenSecret).update('stage log reference search').digest('hex');
}

/** The digest under which a call carrying `reference` is found (`reference` as findParcels matches it: trimmed, any case). */
export function referenceDigest(searchKey: string, reference: string): string {
  return createHash('sha256')
    .update(`${searchKey}\n${referenceKey(reference)}`)
    .digest('hex')
    .slice(0, DIGEST_LENGTH);
}

/**
 * The search keys column of a call that carried `references` (empty ones left out): their digests
 * between spaces (` d1 d2 `), so that one digest is found with LIKE '% d %'; undefined for none.
 */
export function searchKeysOf(searchKey: string, references: readonly string[]): string | undefined {
  const digests = new Set<string>();
  for (const reference of references) if (referenceKey(reference) !== '') digests.add(referenceDigest(searchKey, reference));
  return digests.size === 0 ? undefined : ` ${[...digests].join(' ')} `;
}
