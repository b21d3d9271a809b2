// Which services a server serves: every one on stage; on live all but the stage-only SandboxService,
// whose paths and WSDL then name nothing, answered exactly as an unknown path is (both bindings).
import type { ServiceContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';

export function isServedIn(service: ServiceContract, environment: Environment): boolean {
  return service.stageOnly !== true || environment === 'stage';
}
