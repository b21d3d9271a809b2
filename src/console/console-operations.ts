// The operations the console names, each declared operation once in the contract's order: the Requests
// page filters by them, the Sandbox page offers those an injected fault can wait for, and Requests lists
// the problems an answer reports where its operation reports them. Typed against the operation table
// (type-only imports, erased from the bundle): an operation declared without its entry here, an entry
// for an undeclared one, or a `faultable` or `problems` the contract contradicts does not compile.
import type { AnswerProblems, FaultableOperationName, OperationName, ProblemsOf } from '../contract/operation-table.ts';

/** What the console knows of operation `K`, as the contract declares it. */
interface ConsoleOperation<K extends OperationName> {
  /** Whether an injected fault can wait for it (SandboxService injectFault). */
  readonly faultable: K extends FaultableOperationName ? true : false;
  /** Where its answer reports problems, besides a refusal's status. */
  readonly problems: ProblemsOf<K>;
}

/** Every declared operation. */
export const CONSOLE_OPERATIONS = {
  getAuth: { faultable: false, problems: undefined },
  storeOrders: { faultable: true, problems: 'faults' },
  validateOrders: { faultable: true, problems: 'messages' },
  getAvailableProductsAndServices: { faultable: true, problems: undefined },
  exportOrders: { faultable: true, problems: 'entries' },
  deleteOrders: { faultable: true, problems: 'entries' },
  startOrdersConsolidation: { faultable: true, problems: undefined },
  findParcelShopsByGeoData: { faultable: true, problems: undefined },
  findParcelShops: { faultable: true, problems: undefined },
  findCities: { faultable: true, problems: undefined },
  getTrackingData: { faultable: true, problems: undefined },
  getParcelLabelNumberForWebNumber: { faultable: true, problems: undefined },
  resetAccount: { faultable: false, problems: undefined },
  setClock: { faultable: false, problems: undefined },
  advanceParcel: { faultable: false, problems: undefined },
  injectFault: { faultable: false, problems: undefined },
  listFaults: { faultable: false, problems: undefined },
  clearFaults: { faultable: false, problems: undefined },
  getSandboxState: { faultable: false, problems: undefined },
  findParcels: { faultable: false, problems: undefined },
  getParcelData: { faultable: false, problems: undefined },
  reprintLabels: { faultable: false, problems: undefined },
  findStageRequests: { faultable: false, problems: undefined },
} as const satisfies { readonly [K in OperationName]: ConsoleOperation<K> };

/** The operations a call can be logged under, for the Requests filter. */
export const LOGGED_OPERATIONS = Object.keys(CONSOLE_OPERATIONS) as readonly OperationName[];

/** The operations a fault can wait for (injectFault's `operation`), for the Sandbox page. */
export const FAULT_OPERATIONS: readonly OperationName[] = LOGGED_OPERATIONS.filter((name) => CONSOLE_OPERATIONS[name].faultable);

/** Where operation `name`'s answer reports problems; undefined for a name the console does not know. */
export function problemsOf(name: string): AnswerProblems | undefined {
  return Object.hasOwn(CONSOLE_OPERATIONS, name) ? CONSOLE_OPERATIONS[name as OperationName].problems : undefined;
}
