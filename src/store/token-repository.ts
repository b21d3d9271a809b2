// Login tokens, kept only as hashes.
import type { Kysely, Selectable } from 'kysely';
import { TOKEN_ISSUE_LEEWAY_MS, type AuthToken, type TokenRepository } from '../domain/ports/login-ports.ts';
import { toDate, toMillis } from './column-values.ts';
import { deleteRowsBefore } from './delete-in-batches.ts';
import type { StoreDialect } from './store-dialect.ts';
import type { AuthTokensTable, Database } from './schema.ts';

/**
 * The account's newest token valid at `now` (issued at or before it, give or take TOKEN_ISSUE_LEEWAY_MS, expiring after it), read through
 * `db` (the store's, or a transaction).
 */
async function findValidToken(db: Kysely<Database>, accountId: number, now: Date): Promise<AuthToken | undefined> {
  const row = await db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('expires_at', '>', toMillis(now))
    // A token dated after `now` is from a time the account's clock has left: not valid (issue 28 item 6).
    .where('issued_at', '<=', toMillis(now) + TOKEN_ISSUE_LEEWAY_MS)
    .orderBy('expires_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toAuthToken(row);
}

async function insertToken(db: Kysely<Database>, token: AuthToken): Promise<void> {
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
}

/** Tokens kept in `db`. */
export function createTokenRepository(db: Kysely<Database>, dialect: StoreDialect): TokenRepository {
  return {
    findValidToken: (accountId, now) => findValidToken(db, accountId, now),

    async findOrSaveToken(accountId, now, usable, issue) {
      // Most logins find the token they hand out: a plain read, no lock.
      const found = await findValidToken(db, accountId, now);
      if (found !== undefined && usable(found)) return found;
      // Concurrent first logins would each see no token and save their own, so the second look and
      // the save are one step per account. SQLite: the transaction holds the one write lock from its
      // start (BEGIN IMMEDIATE, sqlite/dialect.ts). PostgreSQL: the account's row is locked, `for no
      // key update` so that inserts referring to the account (orders, parcels) need not wait for it,
      // under read committed (the default, made explicit), so the look after the lock sees the token
      // the previous holder committed.
      const transaction = dialect === 'postgres' ? db.transaction().setIsolationLevel('read committed') : db.transaction();
      return transaction.execute(async (trx) => {
        if (dialect === 'postgres') {
          await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
        }
        const current = await findValidToken(trx, accountId, now);
        if (current !== undefined && usable(current)) return current;
        const token: AuthToken = { ...issue(), accountId };
        await insertToken(trx, token);
        return token;
      });
    },

    async findTokenByHash(tokenHash: string): Promise<AuthToken | undefined> {
      const row = await db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row === undefined ? undefined : toAuthToken(row);
    },

    deleteTokensExpiredBefore: (before, scope): Promise<number> => deleteRowsBefore(db, 'auth_tokens', before, scope),
  };
}

/**
 * Moves every token of the account by `byMs` (its clock moved back by that much), through `db` (a
 * transaction that also moves the clock): a token keeps the account time it had left, none gains any,
 * and one that had expired stays expired.
 */
export async function moveAccountTokens(db: Kysely<Database>, accountId: number, byMs: number): Promise<void> {
  if (byMs === 0) return;
  await db
    .updateTable('auth_tokens')
    .set((eb) => ({ issued_at: eb('issued_at', '+', byMs), expires_at: eb('expires_at', '+', byMs) }))
    .where('account_id', '=', accountId)
    .execute();
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
