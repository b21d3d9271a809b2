// test:fuzz — a SOAP mutation test of our own (issue 39): valid envelopes of every operation of every
// SOAP service (the OpenAPI document's example bodies, written as SOAP with a real authentication
// header), mutated a few hundred times with a fixed seed — bytes cut, elements doubled, renamed or
// moved, a second Body, elements after the Body, a second authentication entry, hostile texts, entities,
// a DOCTYPE, another SOAPAction, another content type — and sent on stage and live. Every answer must
// be a well-formed SOAP 1.1 fault (soap:Client or soap:Server with its detail, VersionMismatch or
// MustUnderstand without; never ERR_INTERNAL) or the operation's response, which xmllint then holds to
// the schema the service's WSDL serves.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import fc from 'fast-check';
import { requestExamples } from '../../src/bindings/rest/openapi-examples.ts';
import { operationList, type OperationContract } from '../../src/contract/operation-table.ts';
import { SOAP_ENVELOPE_NS } from '../../src/bindings/soap/namespaces.ts';
import type { JsonObject } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { endpointOf, injectSoap } from '../support/soap-client.ts';
import { namespaces, soapRequest } from '../support/soap-request.ts';
import { readSoapAnswer } from '../support/soap-response.ts';
import { schemasOf } from '../support/wsdl-schemas.ts';
import { FUZZ_SEED } from './openapi-fuzz.ts';

/** Mutations per environment (FUZZ_SCALE multiplies them). */
const MUTATIONS = Math.round(400 * Number(process.env.FUZZ_SCALE ?? 1));

/** Texts a mutation puts where a value or markup was. */
const HOSTILE_TEXTS = [
  '',
  ' ',
  '2027-02-30',
  '20270230',
  '00000000',
  '99999999',
  '2027-13-01',
  '-1',
  '1e400',
  'NaN',
  'x'.repeat(2000),
  '&amp;&lt;&gt;',
  '&unknown;',
  '&#0;',
  '&#x7F;',
  '<![CDATA[<x/>]]>',
  '<!-- a comment -->',
  '<?pi data?>',
  '<extra>1</extra>',
  '\u00e9\u{1F4E6}',
  '\uFFFE',
];

/** The SOAPAction header a mutated call goes with: none, empty, its own, another operation's, garbage. */
const soapActions = (own: string, other: string) => [undefined, '""', `"${own}"`, `"${other}"`, own, '"urn:nothing"'];

type Mutation = (xml: string, pick: (n: number) => number) => string;

const elementSpans = (xml: string) => [...xml.matchAll(/<([A-Za-z_][\w.:-]*)(?:\s[^>]*)?>[^<]*<\/\1>/g)];

const MUTATIONS_BY_NAME: Readonly<Record<string, Mutation>> = {
  'cut a span': (xml, pick) => {
    const at = pick(xml.length);
    return xml.slice(0, at) + xml.slice(at + 1 + pick(40));
  },
  'cut the end': (xml, pick) => xml.slice(0, pick(xml.length)),
  'insert a byte': (xml, pick) => {
    const at = pick(xml.length);
    const bytes = ['\u0000', '\u007F', '\u0001', '<', '>', '&', '"', "'", '\uFFFD', '\u2028'];
    return xml.slice(0, at) + bytes[pick(bytes.length)] + xml.slice(at);
  },
  'double an element': (xml, pick) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const span = spans[pick(spans.length)];
    return xml.slice(0, span.index) + span[0] + xml.slice(span.index);
  },
  'drop an element': (xml, pick) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const span = spans[pick(spans.length)];
    return xml.slice(0, span.index) + xml.slice(span.index + span[0].length);
  },
  'rename an element': (xml, pick) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const span = spans[pick(spans.length)];
    const renamed = span[0].replace(new RegExp(`^<${span[1]}`), `<${span[1]}X`).replace(new RegExp(`</${span[1]}>$`), `</${span[1]}X>`);
    return xml.slice(0, span.index) + renamed + xml.slice(span.index + span[0].length);
  },
  'replace a text': (xml, pick) => {
    const spans = elementSpans(xml);
    if (spans.length === 0) return xml;
    const span = spans[pick(spans.length)];
    const text = HOSTILE_TEXTS[pick(HOSTILE_TEXTS.length)];
    const replaced = span[0].replace(/>[^<]*</, `>${text}<`);
    return xml.slice(0, span.index) + replaced + xml.slice(span.index + span[0].length);
  },
  'a second Body': (xml) => xml.replace('</soapenv:Body>', '</soapenv:Body><soapenv:Body><x/></soapenv:Body>'),
  'the Body again': (xml) => {
    const body = /<soapenv:Body>[\s\S]*<\/soapenv:Body>/.exec(xml)?.[0] ?? '';
    return xml.replace('</soapenv:Envelope>', `${body}</soapenv:Envelope>`);
  },
  'an element after the Body': (xml) => xml.replace('</soapenv:Envelope>', '<trailer xmlns="urn:x">1</trailer></soapenv:Envelope>'),
  'a second Header': (xml) => xml.replace('<soapenv:Body>', '<soapenv:Header/><soapenv:Body>'),
  'a second authentication': (xml) => {
    const entry = /<auth:authentication[\s\S]*?<\/auth:authentication>/.exec(xml)?.[0];
    return entry === undefined ? xml : xml.replace(entry, entry + entry.replace(/<authToken>[^<]*</, '<authToken>another<'));
  },
  'no Header': (xml) => xml.replace(/<soapenv:Header>[\s\S]*?<\/soapenv:Header>/, ''),
  mustUnderstand: (xml) => xml.replace('<auth:authentication ', '<auth:authentication soapenv:mustUnderstand="1" '),
  'SOAP 1.2': (xml) => xml.replace(SOAP_ENVELOPE_NS, 'http://www.w3.org/2003/05/soap-envelope'),
  'no namespace on the body': (xml) => xml.replace(/<ns:(\w+) xmlns:ns="[^"]*">/, '<$1>').replace(/<\/ns:(\w+)>/, '</$1>'),
  'a DOCTYPE with entities': (xml) =>
    xml.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>',
    ),
  'an external entity': (xml) =>
    xml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'),
  'deep nesting': (xml) => xml.replace('<soapenv:Body>', `<soapenv:Body>${'<d>'.repeat(300)}${'</d>'.repeat(300)}`),
  'UTF-16 declared': (xml) => xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'),
  'a prefix undeclared': (xml) => xml.replace('<soapenv:Body>', '<soapenv:Body><undeclared:x/>'),
};
/** Byte-level mutations mostly end in ERR_MALFORMED_REQUEST: they are drawn a third as often as the structural ones. */
const BYTE_LEVEL = new Set(['cut a span', 'cut the end', 'insert a byte']);
const MUTATION_NAMES = Object.keys(MUTATIONS_BY_NAME).flatMap((name) => (BYTE_LEVEL.has(name) ? [name] : [name, name, name]));

/** Each SOAP operation's valid envelope body: the OpenAPI document's example, as the operation object. */
function exampleBody(operation: OperationContract): JsonObject {
  const example = requestExamples[operation.name] as Record<string, unknown>;
  return (operation.service.authenticated ? example[operation.name] : example) as JsonObject;
}

async function mutateAndSend(
  environment: 'stage' | 'live',
): Promise<{ failures: string[]; sent: number; responses: number; faults: Record<string, number> }> {
  const t: TestApp = await startTestApp({ env: { PARCEL_ENV: environment } });
  const dir = mkdtempSync(join(tmpdir(), 'soap-mutation-'));
  const failures: string[] = [];
  const faults: Record<string, number> = {};
  let sent = 0;
  let responses = 0;
  try {
    const account = await t.addAccount({ pickupApproved: true });
    let auth = await t.authenticate(account.delisId);
    const operations = operationList.filter((operation) => environment === 'stage' || !operation.stageOnly);
    // Each service's schemas, to validate the responses by.
    const schemaFiles = new Map<string, string>();
    const services = [...new Set(operations.map((operation) => operation.service))];
    for (const service of services) {
      const wsdl = (await t.app.inject({ method: 'GET', url: `/soap/WSDL/${service.wsdlName}` })).body;
      for (const [namespace, schema] of schemasOf(wsdl)) {
        const file = join(dir, `${service.name}${service.version}-${schemaFiles.size}.xsd`);
        writeFileSync(file, schema);
        schemaFiles.set(`${service.id} ${namespace}`, file);
      }
    }
    const toValidate = new Map<string, string[]>();
    const actionOf = (operation: OperationContract) => `${namespaces.service(operation.service)}/${operation.name}`;
    const anyOperation = fc.constantFrom(...operations);
    await fc.assert(
      fc.asyncProperty(
        anyOperation,
        fc.array(fc.constantFrom(...MUTATION_NAMES), { minLength: 1, maxLength: 2 }),
        fc.infiniteStream(fc.nat()),
        fc.nat(),
        fc.boolean(),
        async (operation, names, numbers, actionPick, xmlContentType) => {
          const iterator = numbers[Symbol.iterator]();
          const pick = (n: number) => (n <= 0 ? 0 : iterator.next().value % n);
          let xml = soapRequest(operation.name, exampleBody(operation), {
            authentication: operation.service.authenticated ? auth : undefined,
            service: operation.service,
          });
          for (const name of names) xml = MUTATIONS_BY_NAME[name](xml, pick);
          const other = operations[actionPick % operations.length];
          const actions = soapActions(actionOf(operation), actionOf(other));
          const action = actions[actionPick % actions.length];
          const headers: Record<string, string> = {
            'content-type': xmlContentType ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
          };
          if (action !== undefined) headers.soapaction = action;
          sent++;
          const response = await injectSoap(t, endpointOf(operation.service), xml, headers);
          // What the sandbox's controls change would answer the calls after: the clock (the token expires
          // by it: a new login, which the moved clock dates) and faults.
          if (['setClock', 'injectFault', 'resetAccount'].includes(operation.name)) {
            auth = await t.authenticate(account.delisId);
            await t.post('/rest/services/SandboxService/V1_0/setClock', { authentication: auth, setClock: { reset: true } });
            await t.post('/rest/services/SandboxService/V1_0/clearFaults', { authentication: auth, clearFaults: {} });
          }
          const where = `${environment} ${operation.service.id} ${operation.name} [${names.join(', ')}] SOAPAction ${action} → HTTP ${response.statusCode}`;
          if (!/^text\/xml/.test(String(response.headers['content-type']))) {
            failures.push(`${where}: not XML (${String(response.headers['content-type'])}): ${response.body.slice(0, 300)}`);
            return;
          }
          let answer;
          try {
            answer = readSoapAnswer(response.body);
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message}: ${response.body.slice(0, 300)}`);
            return;
          }
          if (answer.kind === 'fault') {
            const code = answer.fault.detail?.children.faultCode ?? answer.fault.detail?.children.errorCode ?? answer.fault.faultcode;
            faults[code] = (faults[code] ?? 0) + 1;
            if (!['soap:Client', 'soap:Server', 'soap:VersionMismatch', 'soap:MustUnderstand'].includes(answer.fault.faultcode))
              failures.push(`${where}: faultcode ${answer.fault.faultcode}`);
            if (answer.fault.faultstring === '') failures.push(`${where}: an empty faultstring`);
            if (code === 'ERR_INTERNAL') failures.push(`${where}: ERR_INTERNAL: ${answer.fault.faultstring}`);
            if (response.statusCode < 400) failures.push(`${where}: a fault with HTTP ${response.statusCode}`);
            return;
          }
          responses++;
          if (response.statusCode !== 200) failures.push(`${where}: a response with HTTP ${response.statusCode}`);
          if (answer.element.local !== operation.responseElement) {
            failures.push(`${where}: answered ${answer.element.local}, not ${operation.responseElement}`);
          }
          const body = /<soap:Body>([\s\S]*)<\/soap:Body>/.exec(response.body)?.[1];
          const key = `${operation.service.id} ${answer.element.uri}`;
          if (body !== undefined) toValidate.set(key, [...(toValidate.get(key) ?? []), body]);
        },
      ),
      { seed: FUZZ_SEED, numRuns: MUTATIONS, endOnFailure: true },
    );
    // The responses against their service's schema, one xmllint run per schema.
    for (const [key, bodies] of toValidate) {
      const schema = schemaFiles.get(key);
      if (schema === undefined) {
        failures.push(`${environment}: no schema for ${key}`);
        continue;
      }
      const files = bodies.map((body, i) => {
        const file = join(dir, `answer-${key.replace(/\W+/g, '-')}-${i}.xml`);
        writeFileSync(file, body);
        return file;
      });
      const result = spawnSync('xmllint', ['--noout', '--schema', schema, ...files], { encoding: 'utf8' });
      if (result.status !== 0) failures.push(`${environment}: responses break ${key}'s schema: ${result.stderr.slice(0, 2000)}`);
    }
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { failures, sent, responses, faults };
}

for (const environment of ['stage', 'live'] as const) {
  it(`${environment}: every mutated SOAP envelope is answered with a well-formed fault or a valid response`, async (t) => {
    assert.equal(spawnSync('xmllint', ['--version']).status, 0, 'xmllint is missing: run scripts/install-interop-deps.sh');
    const { failures, sent, responses, faults } = await mutateAndSend(environment);
    t.diagnostic(`${environment}: ${sent} mutations (seed ${FUZZ_SEED}), ${responses} responses, faults ${JSON.stringify(faults)}`);
    assert.deepEqual(failures.slice(0, 30), [], `${failures.length} failures`);
  });
}
