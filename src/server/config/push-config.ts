// The Tracking Push Service's settings (README "Tracking push"): which private networks pushes may go
// to, how often the queue is looked at, how long a receiver may take to answer.
import type { BlockList } from 'node:net';
import { isLoopbackHost, parseNetworks } from '../transports/push-address-policy.ts';
import { ConfigError, integer, read, type Env } from './environment-variables.ts';

export interface PushConfig {
  /** PUSH_ALLOWED_NETWORKS: private networks (`a.b.c.d/n`, `x::/n`, comma-separated) pushes may go to. Default none. */
  readonly allowedNetworks?: BlockList;
  /** Whether the service listens on loopback only (HOST): then loopback receivers are allowed too. */
  readonly loopbackAllowed: boolean;
  /** PUSH_INTERVAL_SECONDS, default 2: how often the queue is looked at (a push made in this process leaves at once). */
  readonly intervalSeconds: number;
  /** PUSH_TIMEOUT_SECONDS, default 10: how long a receiver may take to answer a push. */
  readonly timeoutSeconds: number;
}

export function pushConfig(env: Env, host: string): PushConfig {
  const networks = read(env, 'PUSH_ALLOWED_NETWORKS');
  let allowedNetworks: BlockList | undefined;
  try {
    allowedNetworks = networks === undefined ? undefined : parseNetworks(networks);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : 'PUSH_ALLOWED_NETWORKS is not a list of networks');
  }
  return Object.freeze({
    ...(allowedNetworks === undefined ? {} : { allowedNetworks }),
    loopbackAllowed: isLoopbackHost(host),
    intervalSeconds: integer(env, 'PUSH_INTERVAL_SECONDS', 1, 3600),
    timeoutSeconds: integer(env, 'PUSH_TIMEOUT_SECONDS', 1, 60),
  });
}
