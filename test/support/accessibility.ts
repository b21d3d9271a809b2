// Accessibility checked the way auditors check it: axe-core's WCAG 2.1 A and AA rules (contrast,
// labels, names, landmarks, ARIA) run in the page as it stands, every violation reported by rule and
// element. axe-core is evaluated through the browser's debugging protocol, outside the page's own
// Content-Security-Policy, which would rightly refuse to run it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly help: string;
  readonly nodes: ReadonlyArray<{ readonly target: readonly unknown[] }>;
}

/** Asserts that axe-core finds no WCAG 2.1 A or AA violation on `page` (`where` names it in the failure). */
export async function checkAccessibility(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { passed, violations } = await page.evaluate(async () => {
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[]; passes: unknown[] }> };
    const { axe } = window as unknown as { axe: Axe };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return {
      passed: result.passes.length,
      violations: result.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target })),
      })),
    };
  });
  assert.deepEqual(
    violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
    [],
    `accessibility of ${where}`,
  );
  // The rules ran: a page with nothing checked would pass vacuously.
  assert.ok(passed > 10, `axe-core checked ${where} with only ${passed} rules passing`);
}
