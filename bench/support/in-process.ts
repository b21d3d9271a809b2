// The service built in-process on a live SQLite store and called through Fastify's inject, for the
// benchmarks that time single calls (lifecycle, shops): no network, no other process.
import { join } from 'node:path';
import { buildApp } from '../../src/server/build-app.ts';
import { readConfig } from '../../src/server/config/config.ts';
import type { Store } from '../../src/store/open-database.ts';

/** What the in-process benchmarks log in as (their seeds create the account). */
export const BENCH_DELIS_ID = 'BENCH0001';
export const BENCH_PASSWORD = 'bench-password';

export interface InProcessService {
  /** POSTs `body` to `path`; rejects unless the answer is HTTP 200; resolves with its JSON. */
  readonly post: (path: string, body: unknown) => Promise<unknown>;
  /** The authentication object of the logged-in bench account. */
  readonly authentication: { delisId: string; authToken: string; messageLanguage: string };
  close(): Promise<void>;
}

/** Builds the live service over `store` (whose file is in `dataDir`) and logs in as the bench account. */
export async function startInProcessService(dataDir: string, store: Store): Promise<InProcessService> {
  const config = readConfig({ DATA_DIR: dataDir, PARCEL_ENV: 'live', LOG_LEVEL: 'silent', PURGE_INTERVAL_MINUTES: '0' });
  const { app } = await buildApp({ config, store, logger: false });
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
    return response.json();
  };
  const login = (await post('/rest/services/LoginService/V2_1/getAuth', {
    delisId: BENCH_DELIS_ID,
    password: BENCH_PASSWORD,
    messageLanguage: 'en_US',
  })) as { getAuthResponse: { return: { authToken: string } } };
  return {
    post,
    authentication: { delisId: BENCH_DELIS_ID, authToken: login.getAuthResponse.return.authToken, messageLanguage: 'en_US' },
    close: () => app.close(),
  };
}

/** The live store's file in `dataDir`. */
export const liveSqlitePath = (dataDir: string) => join(dataDir, 'live.sqlite');

/** Median and 95th percentile of per-call times. */
export function summary(values: readonly number[]): { median: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}
