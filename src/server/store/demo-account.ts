// The demo account of a first start on stage (DEMO_ACCOUNT, default on): a service whose store holds
// no account makes one, so that `npm ci && npm start` ends in a service a newcomer can log in to, and
// prints its login once, with the addresses to start from, in words rather than a JSON log line.
// Live never makes one: its accounts are the operator's (`parcel-service accounts add`).
import { randomBytes } from 'node:crypto';
import { DuplicateAccountError } from '../../domain/core/domain-errors.ts';
import { hashPassword } from '../../domain/login/password.ts';
import type { AccountRepository } from '../../domain/ports/account-ports.ts';
import type { ServiceLinks } from '../pages/service-links.ts';

/** The demo account's delisId (8 characters, as the login takes them). */
export const DEMO_DELIS_ID = 'KDDEMO01';
/** Its sending depot: Best (NL) in the built-in depot directory, the README's examples' depot. */
export const DEMO_DEPOT = '0522';

/** The account a first start made, with its password (kept nowhere but in this value and the printed text). */
export interface DemoAccount {
  readonly delisId: string;
  readonly password: string;
  readonly depot: string;
}

/** What a start found: accounts already, none (and made no demo account), or the demo account it made. */
export type AccountsAtStart =
  { readonly kind: 'some' } | { readonly kind: 'none' } | { readonly kind: 'demo'; readonly account: DemoAccount };

/** Crockford's base 32 (no i, l, o or u, which a reader confuses with 1, 0 or v): a byte modulo 32 is unbiased. */
const PASSWORD_SYMBOLS = '0123456789abcdefghjkmnpqrstvwxyz';

/** A random password of four groups of four (80 bits), e.g. `k7mq-2xhp-9d3f-wt4n`: easy to read off a terminal. */
export function demoPassword(): string {
  const symbols = [...randomBytes(16)].map((byte) => PASSWORD_SYMBOLS[byte % 32]);
  return [0, 4, 8, 12].map((at) => symbols.slice(at, at + 4).join('')).join('-');
}

/**
 * Looks at the accounts at start and, with `makeDemo` (config.demoAccount: stage and DEMO_ACCOUNT not
 * 0), makes the demo account when there is none. Another process making it at the same moment (one
 * PostgreSQL database) leaves this one with `some`: only the process that made it knows its password.
 */
export async function checkAccountsAtStart(accounts: AccountRepository, makeDemo: boolean): Promise<AccountsAtStart> {
  if ((await accounts.listAccounts()).length > 0) return { kind: 'some' };
  if (!makeDemo) return { kind: 'none' };
  const account: DemoAccount = { delisId: DEMO_DELIS_ID, password: demoPassword(), depot: DEMO_DEPOT };
  try {
    await accounts.addAccount({
      delisId: account.delisId,
      passwordHash: await hashPassword(account.password),
      depots: [account.depot],
      messageLanguage: 'en_US',
      lateExport: false,
      pickupApproved: false,
    });
  } catch (error) {
    if (error instanceof DuplicateAccountError) return { kind: 'some' };
    throw error;
  }
  return { kind: 'demo', account };
}

/** The address a person opens: a wildcard listening address (0.0.0.0, ::) is reached on the loopback. */
export function browsableOrigin(address: string): string {
  return address.replace(/^(https?:\/\/)(?:0\.0\.0\.0|\[::\])(?=:|$)/, (_, scheme: string) => `${scheme}127.0.0.1`);
}

/** The demo account's text: its login on one line, then the addresses to start from (`origin` without a trailing slash). */
export function demoAccountText(account: DemoAccount, origin: string, links: ServiceLinks): string {
  const rows = [
    links.console,
    links.apiReference,
    links.openApi.json,
    ...links.wsdls.map((link) => ({ ...link, title: `WSDL ${link.title}` })),
  ];
  const width = Math.max(...rows.map((row) => row.title.length)) + 2;
  return [
    '',
    `Stage demo account, made on this first start and shown only now: delisId ${account.delisId}, password ${account.password}, depot ${account.depot}`,
    ...rows.map((row) => `  ${`${row.title}:`.padEnd(width)}${origin}${row.path}`),
    `  (DEMO_ACCOUNT=0 starts without it; a new password: parcel-service accounts set ${account.delisId} --password-stdin)`,
    '',
    '',
  ].join('\n');
}
