// Renders the README's operations table from the operation table (`npm run docs:operations`), so
// the published list cannot drift from what the server answers. Generated text, never edited by hand.
import { operationList } from '../../contract/operation-table.ts';
import { restPath, resultKeysOf } from '../rest/rest-paths.ts';
import { endpointPath } from '../soap/wsdl.ts';

/** The markers between which the README holds the generated table. */
export const OPERATIONS_BEGIN = '<!-- operations: generated from src/contract/operation-table.ts by `npm run docs:operations`; do not edit -->';
export const OPERATIONS_END = '<!-- operations: end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderOperationsTable(): string {
  const lines = [
    OPERATIONS_BEGIN,
    '| service | operation | what it does | REST (`POST`) | REST result keys | SOAP endpoint |',
    '|---|---|---|---|---|---|',
  ];
  for (const operation of operationList) {
    const { service } = operation;
    lines.push(
      `| ${service.name} ${service.version} | \`${operation.name}\` | ${cell(operation.summary)} | \`${restPath(operation)}\` | ${resultKeysOf(
        operation,
      )
        .map((key) => `\`${key}\``)
        .join(', ')} | \`${endpointPath(service)}\` |`,
    );
  }
  lines.push(OPERATIONS_END);
  return lines.join('\n');
}

/** `readme` with its generated table replaced by the current one; undefined when the markers are missing. */
export function withOperationsTable(readme: string): string | undefined {
  const begin = readme.indexOf(OPERATIONS_BEGIN);
  const end = readme.indexOf(OPERATIONS_END);
  if (begin === -1 || end === -1 || end < begin) return undefined;
  return readme.slice(0, begin) + renderOperationsTable() + readme.slice(end + OPERATIONS_END.length);
}
