// The KnownAddressRepository port: the addresses (HMACs of them) each account last logged in from.
import type { Kysely } from 'kysely';
import type { KnownAddressRepository } from '../domain/ports/login-ports.ts';
import { toDate, toMillis } from './column-values.ts';
import type { Database } from './schema.ts';

export function createKnownAddressRepository(db: Kysely<Database>): KnownAddressRepository {
  return {
    async findKnownAddress(delisId, addressHash) {
      const row = await db
        .selectFrom('known_login_addresses')
        .innerJoin('accounts', 'accounts.id', 'known_login_addresses.account_id')
        .select('known_login_addresses.last_login_at')
        .where('accounts.delis_id', '=', delisId)
        .where('known_login_addresses.address_hash', '=', addressHash)
        .executeTakeFirst();
      return row === undefined ? undefined : toDate(row.last_login_at);
    },

    async rememberAddress(accountId, addressHash, at, keep) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('known_login_addresses')
          .values({ account_id: accountId, address_hash: addressHash, last_login_at: toMillis(at) })
          .onConflict((conflict) => conflict.columns(['account_id', 'address_hash']).doUpdateSet({ last_login_at: toMillis(at) }))
          .execute();
        // The oldest beyond `keep` are forgotten (at most one per login, as one is added at a time).
        const kept = await trx
          .selectFrom('known_login_addresses')
          .select('address_hash')
          .where('account_id', '=', accountId)
          .orderBy('last_login_at', 'desc')
          .orderBy('address_hash')
          .limit(keep)
          .execute();
        await trx
          .deleteFrom('known_login_addresses')
          .where('account_id', '=', accountId)
          .where(
            'address_hash',
            'not in',
            kept.map((row) => row.address_hash),
          )
          .execute();
      });
    },
  };
}

/** Forgets the account's known addresses (a new password, resetAccount), through `db` (a transaction). */
export async function forgetKnownAddresses(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('known_login_addresses').where('account_id', '=', accountId).execute();
}
