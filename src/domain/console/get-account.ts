// ConsoleService getAccount: the calling account as the service keeps it — its depots, language and
// the operator's switches —, and what the console needs to read every other answer: the environment,
// the time zone business and tracking dates are written in, and the account's own time.
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';

/** What getAccount answers. */
export interface AccountView {
  readonly delisId: string;
  readonly depot: readonly string[];
  readonly messageLanguage: string;
  readonly lateExport: boolean;
  readonly pickupApproved: boolean;
  readonly environment: 'stage' | 'live';
  readonly timeZone: string;
  readonly now: Date;
}

/** The request is empty (`{}`): nothing to read of it. */
export function getAccount(deps: Dependencies, session: Session): Promise<Outcome<AccountView>> {
  const { account } = session;
  return Promise.resolve(
    succeed({
      delisId: account.delisId,
      depot: account.depots,
      messageLanguage: account.messageLanguage,
      lateExport: account.lateExport,
      pickupApproved: account.pickupApproved,
      environment: deps.settings.environment,
      timeZone: deps.settings.timeZone,
      now: session.clock.now(),
    }),
  );
}
