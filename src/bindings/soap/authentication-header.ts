// Reads the SOAP header element `authentication` ({auth_ns}, children unqualified) into the decoded
// Authentication object that domain/login/authenticate.ts checks. Every problem with it, a missing or
// misplaced header included, is an authentication problem (docs/decisions.md "Where the specification is silent": authentication
// field problems are DELICOM_ERR_AUTHENTICATION).
import { decode, type Decoded, type Violation } from '../../contract/schema/decode.ts';
import { fill } from '../../contract/error-catalogue.ts';
import { Authentication } from '../../contract/authentication.ts';
import type { XmlElement } from '../../xml/xml-parser.ts';
import { readContractTree } from './xml-reader.ts';

const SOAP_OPTIONS = { binding: 'soap', source: 'xml' } as const;
const HEADER = 'the SOAP header element authentication';

const refused = (violation: Violation): Decoded<typeof Authentication> => ({ value: undefined, violations: [violation] });

/** The `authentication` entry among `headers`, in whatever namespace it came. */
export function findAuthenticationHeader(headers: readonly XmlElement[]): XmlElement | undefined {
  return headers.find((entry) => entry.local === 'authentication');
}

/** Decodes the header entry `element` (undefined when absent); `namespace` is {auth_ns}. */
export function readAuthenticationHeader(element: XmlElement | undefined, namespace: string): Decoded<typeof Authentication> {
  if (element === undefined) return refused({ code: 'error_missing_field', path: 'authentication', params: { path: HEADER } });
  if (element.uri !== namespace) {
    return refused({
      code: 'error_invalid_type',
      path: 'authentication',
      params: { path: HEADER, expected: fill('expected_in_namespace', { namespace }) },
    });
  }
  const read = readContractTree(element, Authentication, 'authentication');
  if (!read.ok)
    return refused({
      code: 'error_invalid_type',
      path: read.path,
      params: { path: read.path, expected: fill('expected_unqualified') },
    });
  const decoded = decode(Authentication, read.tree, SOAP_OPTIONS, 'authentication');
  return { value: decoded.value, violations: [...read.violations, ...decoded.violations] };
}
