// The web console as a user meets it: the service built as `npm start` builds it (scripts/build.mjs),
// run as its own process, and Debian's Chromium (/usr/bin/chromium, scripts/test.sh installs it)
// driven by playwright-core. Used by test/console/ and by `npm run docs:console` for the screenshots.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';
import { REST_PATH, type Auth, type RestOperation } from './rest.ts';
import { runCli, startServerProcess, type ServerProcess } from './server-process.ts';

export const CONSOLE_PASSWORD = 'console-pass-1';

/** A service process with one account, and a browser tab on its console. */
export interface ConsoleHarness {
  readonly url: string;
  readonly delisId: string;
  readonly server: ServerProcess;
  readonly context: BrowserContext;
  readonly page: Page;
  /** What the page wrote to its console as errors (a CSP violation among them), and the dialogs it opened (none expected). */
  readonly problems: string[];
  /** Calls an operation over REST as an integrator's client does, with a login of the account. */
  call(operation: RestOperation, body: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** Builds the bundle, as `npm start` does, into a directory of its own (dist/<name>/), and answers its entry. */
export function buildBundle(name: string): string {
  const bundle = join('dist', name, 'parcel-service.mjs');
  execFileSync(process.execPath, ['scripts/build.mjs', 'src/cli/main.ts', bundle]);
  return bundle;
}

/**
 * Starts the built service (`env` added, e.g. PARCEL_ENV) with the account `delisId`, and a fresh
 * Chromium profile with one page; `bundle` from buildBundle.
 */
export async function startConsole(
  bundle: string,
  options: { delisId?: string; env?: Record<string, string> } = {},
): Promise<ConsoleHarness> {
  const delisId = options.delisId ?? 'KDCONSOLE1';
  const dir = await mkdtemp(join(tmpdir(), 'parcel-console-'));
  const env = { DATA_DIR: join(dir, 'data'), LABEL_THREADS: '1', ...options.env };
  await runCli(['accounts', 'add', '--delis-id', delisId, '--password', CONSOLE_PASSWORD, '--depot', '0522'], env, bundle);
  const server = await startServerProcess(env, bundle);
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (message) => {
    // A refused call (a wrong password, an unknown parcel) is the browser's "failed to load" note, and expected.
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });

  let authentication: Auth | undefined;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    url: server.url,
    delisId,
    server,
    context,
    page,
    problems,
    async call(operation, body) {
      if (operation === 'getAuth') return post(REST_PATH.getAuth, body);
      if (authentication === undefined) {
        const login = await post(REST_PATH.getAuth, { delisId, password: CONSOLE_PASSWORD, messageLanguage: 'en_US' });
        authentication = { delisId, authToken: login.body.getAuthResponse.return.authToken, messageLanguage: 'en_US' };
      }
      return post(REST_PATH[operation], { authentication, [operation]: body });
    },
    async close() {
      await context.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Logs in on the console's page with the account's delisId and `password`. */
export async function logIn(page: Page, url: string, delisId: string, password = CONSOLE_PASSWORD): Promise<void> {
  await page.goto(`${url}/console`);
  await page.getByLabel('delisId').fill(delisId);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Chrome's PDF viewer: a PDF shown in the page (not refused by its CSP) is drawn by it, in a frame of its own. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/** Resolves once the browser's PDF viewer has opened in `page`. */
export async function pdfViewerOpened(page: Page): Promise<void> {
  if (page.frames().some((frame) => frame.url().startsWith(PDF_VIEWER))) return;
  await page.waitForEvent('framenavigated', { predicate: (frame) => frame.url().startsWith(PDF_VIEWER) });
}
