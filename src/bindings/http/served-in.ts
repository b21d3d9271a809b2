// Which services and operations a server serves: every one on stage; on live all but the stage-only
// ones (SandboxService, ConsoleService findStageRequests), whose paths, WSDL, WSDL entries and body
// elements then name nothing, answered exactly as an unknown path or operation is (both bindings): live
// never names or describes a stage-only operation (issue 39).
import { operationsOf, type OperationContract, type ServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';

export function isServedIn(service: ServiceContract, environment: Environment): boolean {
  return service.stageOnly !== true || environment === 'stage';
}

/** Whether `environment` serves `operation` (its own stageOnly, or its service's). */
export function isOperationServedIn(operation: OperationContract, environment: Environment): boolean {
  return !operation.stageOnly || environment === 'stage';
}

/** The operations of `service` that `environment` serves. */
export function servedOperationsOf(service: ServiceContract, environment: Environment): readonly OperationContract[] {
  const operations = operationsOf(service);
  return environment === 'stage' ? operations : operations.filter((operation) => isOperationServedIn(operation, environment));
}
