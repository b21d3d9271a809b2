// The `xs:schema` elements of a served WSDL, each a standalone XSD (it declares its own prefixes), for
// the tests that validate with xmllint.
import type { ServiceContract } from '../../src/contract/operation-table.ts';
import type { TestApp } from './app.ts';

/** The schemas of `wsdl`, by target namespace, each as an XSD document. */
export function schemasOf(wsdl: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of wsdl.matchAll(/<xs:schema[\s\S]*?<\/xs:schema>/g)) {
    const namespace = /targetNamespace="([^"]+)"/.exec(match[0])?.[1];
    if (namespace !== undefined) out.set(namespace, `<?xml version="1.0" encoding="UTF-8"?>\n${match[0]}\n`);
  }
  return out;
}

/** The schemas of the WSDL `service` serves in `t`. */
export async function wsdlSchemas(t: TestApp, service: ServiceContract): Promise<Map<string, string>> {
  return schemasOf((await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}` })).body);
}
