// The stage log: every authenticated call kept on stage with personal fields masked, and every call
// refused before or during authentication counted for the existing account it named (per UTC day and
// client address, the last one as an example), for the operator's metrics and the account's own
// Requests page (ConsoleService findStageRequests).
import type { MessageLanguage } from '../../contract/error-catalogue.ts';

/** One stage request kept for metrics, personal fields masked before storage (spec item 6). */
export interface StageRequest {
  readonly at: Date;
  readonly binding: 'rest' | 'soap';
  readonly operation: string;
  readonly delisId?: string;
  /** The first error code of the answer, if any. */
  readonly errorCode?: string;
  /** The masked request body. */
  readonly body: string;
  /** The masked answer (JSON); undefined for calls kept before answers were. */
  readonly answer?: string;
  /** The HTTP status answered (0: none, the connection was dropped); undefined for calls kept before it was (also the next four). */
  readonly status?: number;
  /** Milliseconds from the request's arrival until its answer was ready. */
  readonly durationMs?: number;
  /** The id its answer carried in X-Request-Id. */
  readonly requestId?: string;
  readonly clientAddress?: string;
  /** The URL path it was sent to (without a query). */
  readonly path?: string;
  /**
   * Refused before or during authentication (a wrong password, a bad token, an envelope without a
   * valid authentication): counted only for an existing account it named (RefusedCalls), never kept
   * as a row of the log nor with any of its text. Default false. Rows kept so before issue 41 are read
   * back with it set.
   */
  readonly refusedBeforeAuthentication?: boolean;
  /**
   * The digests of the references the request carried, between spaces (` d1 d2 `;
   * domain/operator/stage-log-search.ts): what a search by reference finds it by. Undefined for none.
   */
  readonly searchKeys?: string;
}

export interface StageRequestCount {
  readonly operation: string;
  readonly errorCode: string | null;
  readonly count: number;
}

/** A call as its binding received it, for the stage log. */
export interface StageCall extends Omit<StageRequest, 'body' | 'answer' | 'searchKeys'> {
  /** The request as sent; the stage log masks its personal fields before anything is stored. */
  readonly text: string;
  /**
   * What the call answered, before any wire: the bindings' handler result (its label bytes already
   * left out) and the language of its messages. The stage log writes and masks it off the request path.
   */
  readonly answer?: { readonly result: unknown; readonly language: MessageLanguage };
}

/** Where operations drop stage requests; masked and written off the request path, never slowing a request down. */
export interface StageLog {
  record(call: StageCall): void;
}

export interface StageLogRepository {
  /**
   * Stores requests in one transaction; those refused before authentication are counted instead
   * (RefusedCalls), and only when an account of their delisId exists.
   */
  recordMany(requests: readonly StageRequest[]): Promise<void>;
  /** Requests per operation and error code since `since`. */
  counts(since: Date): Promise<StageRequestCount[]>;
  /** Removes requests older than `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
  /** The newest requests, newest first (for inspection and tests). */
  latest(limit: number): Promise<StageRequest[]>;
}

/** Which of an account's logged calls findStageRequests asks for: newest first, a page at a time. */
export interface StageRequestQuery {
  /** Only calls of this operation. */
  readonly operation?: string;
  /** Only calls that failed (an error code). */
  readonly failedOnly?: boolean;
  /** Leaves out calls of these operations. */
  readonly excludeOperations?: readonly string[];
  /** Only entries older than this id (the last of the page before). */
  readonly before?: number;
  /** Only the call whose answer carried this X-Request-Id. */
  readonly requestId?: string;
  /** Only calls whose masked request or answer names one of these parcel label numbers (14 digits); none matches an empty list. */
  readonly containing?: readonly string[];
  /** Or (with `containing`) only calls that carried a reference of one of these digests (stage-log-search.ts). */
  readonly references?: readonly string[];
  /** Only calls at or after this time. */
  readonly from?: Date;
  /** Only calls before this time. */
  readonly to?: Date;
  readonly limit: number;
}

/** A kept stage request with the id it is paged by. */
export interface LoggedStageRequest extends StageRequest {
  readonly id: number;
}

/** The last refused call naming an account from one client address on a day, and how many came from there. */
export interface RefusedCallExample {
  readonly at: Date;
  readonly binding: 'rest' | 'soap';
  readonly operation: string;
  readonly errorCode?: string;
  readonly status?: number;
  readonly path?: string;
  /** The address as the login throttle keys it: an IPv4 address, or an IPv6 client's /64. */
  readonly clientAddress: string;
  /** The refused calls from this address that day. */
  readonly count: number;
}

/** The calls refused before authentication that named an account on one UTC day. */
export interface RefusedCalls {
  /** YYYY-MM-DD. */
  readonly day: string;
  readonly count: number;
  /** From how many client addresses (IPv6: /64s), counted one by one up to the day's bound. */
  readonly addresses: number;
  /** Refusals came from more addresses than the day counts one by one. */
  readonly moreAddresses: boolean;
  /** The newest: each address's last refused call, newest first, a few. */
  readonly examples: readonly RefusedCallExample[];
}

/** Reads an account's own logged calls (ConsoleService findStageRequests). */
export interface StageLogReader {
  /** The account's calls matching `query`, newest first; `more` when older ones match too. */
  findStageRequests(delisId: string, query: StageRequestQuery): Promise<{ requests: LoggedStageRequest[]; more: boolean }>;
  /** The refused calls that named the account on `day` (YYYY-MM-DD, UTC). */
  refusedCalls(delisId: string, day: string): Promise<RefusedCalls>;
}
