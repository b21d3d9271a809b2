// TOKEN_SECRET, the key tokens are hashed with: read strictly from the environment, or made once and
// kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../domain/core/environment.ts';
import { ConfigError } from './environment-variables.ts';

/** Hex digits only (then read as hex), else base64 in the standard or URL-safe alphabet, padded or not. */
const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;

export function secret(text: string | undefined): Buffer | undefined {
  if (text === undefined || text === '') return undefined;
  // Decoded strictly: Buffer.from drops what it cannot read (an odd last hex digit, characters outside
  // base64, a length base64 cannot have), so a mistyped secret would quietly be another, shorter one.
  const encoding = HEX.test(text) ? 'hex' : 'base64';
  const whole = encoding === 'hex' ? text.length % 2 === 0 : BASE64.test(text) && text.replace(/=+$/, '').length % 4 !== 1;
  if (!whole) throw new ConfigError('TOKEN_SECRET must be hex digits in pairs or base64, at least 32 bytes (64 hex digits)');
  const bytes = Buffer.from(text, encoding);
  if (bytes.length < 32) throw new ConfigError('TOKEN_SECRET must hold at least 32 bytes (64 hex digits)');
  return bytes;
}

/** TOKEN_SECRET, or the environment's secret file in DATA_DIR (created once, mode 0600). */
export function loadTokenSecret(config: {
  readonly tokenSecret?: Buffer;
  readonly dataDir: string;
  readonly environment: Environment;
}): Buffer {
  if (config.tokenSecret !== undefined) return config.tokenSecret;
  const path = join(config.dataDir, `${config.environment}-token-secret`);
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    // Written whole under a name of its own, then linked into place: a process starting beside this
    // one never reads the file half written (it used to read it empty, and answer every login 500).
    const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, path);
    } catch (error) {
      // Another process of the same environment created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  chmodSync(path, 0o600);
  let bytes: Buffer | undefined;
  try {
    bytes = secret(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
  }
  if (bytes === undefined)
    throw new ConfigError(`${path} must hold the token secret (at least 32 bytes, as 64 hex digits); remove it to have a new one made`);
  return bytes;
}
