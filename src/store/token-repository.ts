// Login tokens, kept only as hashes.
import type { Kysely, Selectable } from 'kysely';
import type { AuthToken, TokenRepository } from '../domain/ports.ts';
import { toDate, toMillis } from './column-values.ts';
import type { AuthTokensTable, Database } from './schema.ts';

/** Tokens kept in `db`. */
export function createTokenRepository(db: Kysely<Database>): TokenRepository {
  return {
    async findValidToken(accountId: number, now: Date): Promise<AuthToken | undefined> {
      const row = await db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('expires_at', '>', toMillis(now))
        .orderBy('expires_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : toAuthToken(row);
    },

    async saveToken(token: AuthToken): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({
          account_id: token.accountId,
          token_hash: token.tokenHash,
          nonce: token.nonce,
          issued_at: toMillis(token.issuedAt),
          expires_at: toMillis(token.expiresAt),
        })
        .execute();
    },

    async findTokenByHash(tokenHash: string): Promise<AuthToken | undefined> {
      const row = await db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row === undefined ? undefined : toAuthToken(row);
    },

    async deleteTokensExpiredBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('auth_tokens').where('expires_at', '<', toMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toAuthToken(row: Selectable<AuthTokensTable>): AuthToken {
  return {
    accountId: row.account_id,
    tokenHash: row.token_hash,
    nonce: row.nonce,
    issuedAt: toDate(row.issued_at),
    expiresAt: toDate(row.expires_at),
  };
}
