import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, REPO_ROOT, startLocalCloud } from './cloud.ts';
import { buildFrontendIfStale } from './frontend-build.ts';
import { PortInUseError } from './ports.ts';

const args = new Set(process.argv.slice(2));
const dataDirectory = join(REPO_ROOT, '.data');
const distDirectory = join(REPO_ROOT, 'frontend/dist');

const time = () => new Date().toTimeString().slice(0, 8);

/**
 * The version of how items are keyed in the local table. Bump it when keys change: data written under an
 * older layout cannot be read by the handlers, so .data/ is reset (and the demo seeded again).
 * 2: the entity layer's own keys (docs/decisions.md, "Entity layer"), replacing ElectroDB's.
 * 3: agents keyed by email (gsi3, for invitations) and the sparse unread-notifications index.
 */
const DATA_LAYOUT_VERSION = '3';
const layoutFile = join(dataDirectory, 'LAYOUT');

function resetDataOfOlderLayout() {
  if (!existsSync(dataDirectory)) return;
  const version = existsSync(layoutFile) ? readFileSync(layoutFile, 'utf8').trim() : '1';
  if (version === DATA_LAYOUT_VERSION) return;
  rmSync(dataDirectory, { recursive: true, force: true });
  console.log(
    `Reset .data/: it was written in data layout ${version}, this version reads layout ${DATA_LAYOUT_VERSION}.`,
  );
}

async function main() {
  if (args.has('--fresh')) {
    rmSync(dataDirectory, { recursive: true, force: true });
    console.log('Removed .data/ (fresh start).');
  }
  resetDataOfOlderLayout();
  mkdirSync(dataDirectory, { recursive: true });
  writeFileSync(layoutFile, `${DATA_LAYOUT_VERSION}\n`);
  buildFrontendIfStale(REPO_ROOT);
  // Handler logs: warnings and errors only, so the console keeps one readable line per request.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const cloud = await startLocalCloud({
    ports: DEFAULT_PORTS,
    dataDirectory,
    distDirectory,
    log: (line) => console.log(`${time()} ${line}`),
  });
  const { seedDemoData } = await import('./seed.ts');
  const demo = await seedDemoData(cloud);

  const emailWidth = Math.max(...demo.signIns.map((signIn) => signIn.email.length));
  const planWidth = Math.max(...demo.signIns.map((signIn) => signIn.plan.length));
  console.log(`
  EstateNet is running on ${cloud.appUrl}

  Demo sign-ins (password ${demo.password} for all):
${demo.signIns
  .map(
    (signIn) => `    ${signIn.email.padEnd(emailWidth)}  ${signIn.plan.padEnd(planWidth)}  ${signIn.shows}`,
  )
  .join('\n')}
  Support staff: ${demo.support.email} (the support inbox in Settings; not a customer)
  Sign in with Google: pick ${demo.googleAccounts.map((account) => account.email).join(' or ')}
    (or "Use another account"); the first sign-in creates a Free Plan account.
  New accounts: sign up in the app; the confirmation code appears in this console.

  Data:          .data/ (kept across restarts; npm start -- --fresh resets it)
  Stop:          Ctrl-C
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local cloud…`);
    await cloud.stop();
    console.log('Stopped. Data is saved in .data/.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
