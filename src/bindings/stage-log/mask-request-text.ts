// The stage log's masking of a request text as sent, by the binding that received it.
import { maskJsonText } from '../rest/mask-json-text.ts';
import { maskXmlText } from '../soap/mask-xml-text.ts';

/** `text` (JSON for REST, XML for SOAP) with every personal field's value replaced by `***`. */
export function maskRequestText(binding: 'rest' | 'soap', text: string): string {
  return binding === 'rest' ? maskJsonText(text) : maskXmlText(text);
}
