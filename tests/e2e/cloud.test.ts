import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { textPdf } from '#local/seed-cloud';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { api, type CloudItemBody, uploadFile } from '../support/cloud-files.ts';
import {
  appUrl,
  createConfirmedAccount,
  makePng,
  signInWithPassword,
  TEST_PASSWORD,
  takeCspViolations,
  useBrowser,
} from './helpers.ts';

/**
 * The cloud file store in Chromium (issue 8, "Done when"): uploads with visible progress, a folder, a
 * move, sharing with another agent, delete → trash → restore with the tree intact, emptying the trash
 * (usage drops by exactly the freed bytes) and an upload past the quota.
 */

const SHOTS = join(import.meta.dirname, '..', '..', '.test-artifacts', 'cloud');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

/**
 * For the screenshot only: waits, at most 10 s, until the PDF viewer has painted in the preview (some of it
 * is light: its page thumbnail; the headless compositor may show the viewer's frame all dark a few seconds on).
 */
async function pdfViewerPainted(page: Page, preview: Locator) {
  const box = await preview.boundingBox();
  if (!box) return;
  // inside the preview's rounded corners, where the dialog's white would show
  const clip = { x: box.x + 16, y: box.y + 16, width: box.width - 32, height: box.height - 32 };
  const brightest = async () => {
    const png = (await page.screenshot({ clip })).toString('base64');
    return page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let most = 0;
      for (let index = 0; index < data.length; index += 4)
        most = Math.max(most, (data[index]! + data[index + 1]! + data[index + 2]!) / 3);
      return most;
    }, png);
  };
  await expect
    .poll(brightest, { timeout: 10_000, interval: 250 })
    .toBeGreaterThan(200)
    .catch(() => undefined);
}

const MB = 1024 * 1024;
const STORAGE_LIMIT_MESSAGE = 'Storage limit exceeded. Please free up space or upgrade your plan.';

/** The API as the signed-in page's agent (its token cookie). */
async function apiAs<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  const response = await fetch(appUrl(path), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const usageOf = async (page: Page) =>
  (await apiAs<{ usageBytes: number }>(page, '/cloud/storage-summary')).usageBytes;

/**
 * A file as it was stored before uploads were checked: its item with the declared type and no type read from
 * its bytes, then its object (after the item, as every cloud object arrives). Answers its id.
 */
async function storeUncheckedFile(owner: TestAgent, name: string, mimeType: string, bytes: Buffer) {
  const [{ CloudItem }, { putObject }, { randomUUID }] = await Promise.all([
    import('#functions/cloud/entities'),
    import('#aws/s3'),
    import('node:crypto'),
  ]);
  const id = randomUUID();
  const key = `cloud/${owner.agentId}/${id}`;
  const now = new Date().toISOString();
  await CloudItem.create({
    id,
    agent_id: owner.agentId,
    name,
    type: 'file',
    mime_type: mimeType,
    file_type: name.split('.').pop()!,
    size: bytes.byteLength,
    object_key: key,
    state: 'active',
    shared_with: [],
    metadata: {},
    created_at: now,
    updated_at: now,
    version: 1,
  });
  await putObject({ bucket: 'files', key }, bytes, { contentType: mimeType });
  return id;
}

const item = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Files' }).getByRole('listitem', { name, exact: true });

async function openCloud(page: Page, email: string, password: string) {
  const viewport = page.viewportSize();
  // the sidebar that tells the sign-in is done shows on wide screens
  if (viewport && viewport.width < 1024) await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithPassword(page, email, password);
  if (viewport && viewport.width < 1024) await page.setViewportSize(viewport);
  await page.goto(appUrl('/cloud'));
  await page.getByRole('heading', { level: 1, name: 'Cloud' }).waitFor();
}

const viewTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Cloud views' }).getByRole('button', { name, exact: true });

async function itemAction(page: Page, name: string, action: string) {
  await page
    .getByRole('button', { name: `Actions for ${name}`, exact: true })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      await shot(page, `failed-${name}`);
      throw error;
    });
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A web page that shows a marker and sets one if it is ever opened (its script would also be a CSP violation). */
const PAGE_MARKER = 'PAGE-RAN-MARKER';
const webPage = Buffer.from(
  `<!doctype html><html><head><title>${PAGE_MARKER}</title></head><body><h1>${PAGE_MARKER}</h1>` +
    `<script>top.__pageRan = 1; top.document.title = '${PAGE_MARKER}'</script></body></html>`,
);

/** Nothing of the web page ran or showed: no marker in the page or in any of its frames. */
async function expectPageNeverRan(page: Page) {
  expect(await page.evaluate(() => (window as { __pageRan?: number }).__pageRan)).toBeUndefined();
  await expect.poll(() => page.title()).not.toContain(PAGE_MARKER);
  for (const frame of page.frames()) {
    const content = await frame.content().catch(() => '');
    expect(content, frame.url()).not.toContain(`<h1>${PAGE_MARKER}</h1>`);
  }
}

describe('cloud file store', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    // the tests that arrange files through the API (and one stored as before the bytes were read) use the cloud's env
    Object.assign(process.env, inject('cloud').env);
  });

  it('uploads, organises, shares, trashes, restores and empties the trash', async () => {
    const owner = await createConfirmedAccount('Olivia Cloudwright');
    const friendName = `Bruno Sharer ${Date.now().toString(36)}`;
    const friend = await createConfirmedAccount(friendName);
    const page = await openPage();
    await openCloud(page, owner.email, owner.password);
    await page.getByText('No files yet').waitFor();
    await shot(page, 'empty-desktop');

    // three files at once, one of 20 MB, over a throttled link so the progress is visible
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 6 * MB,
    });
    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'site-video.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(20 * MB, 7) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Viewing notes: ask about parking.') },
      { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('address,price\nPine St 12,405000\n') },
    ]);
    const bigProgress = page.getByRole('progressbar', { name: 'Upload of site-video.mp4' });
    await expect
      .poll(async () => Number(await bigProgress.getAttribute('aria-valuenow')), {
        timeout: 20_000,
        interval: 50,
      })
      .toBeGreaterThan(0);
    const midway = Number(await bigProgress.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await shot(page, 'uploading-desktop');
    await page.getByText('3 of 3 done').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    for (const name of ['site-video.mp4', 'notes.txt', 'prices.csv']) await item(page, name).waitFor();
    await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('region', { name: 'Uploads' }).waitFor({ state: 'detached' });
    expect(await usageOf(page)).toBe(20 * MB + 33 + 32);

    // a folder, a file moved into it, in the My files view
    await viewTab(page, 'My files').click();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Deals');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await item(page, 'Deals').waitFor();
    await itemAction(page, 'notes.txt', 'Move');
    const move = page.getByRole('dialog', { name: 'Move “notes.txt”' });
    await move.getByRole('button', { name: 'Deals' }).click();
    await move.getByRole('button', { name: 'Move here' }).click();
    await item(page, 'notes.txt').waitFor({ state: 'detached' });
    // and one dragged onto the folder
    await item(page, 'prices.csv').dragTo(item(page, 'Deals'));
    await item(page, 'prices.csv').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open Deals' }).click();
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('Deals').waitFor();
    await item(page, 'notes.txt').waitFor();
    await item(page, 'prices.csv').waitFor();
    await page.getByRole('button', { name: 'Preview notes.txt' }).click();
    await expect.poll(() => page.getByTestId('text-preview').textContent()).toContain('ask about parking');
    await shot(page, 'preview-desktop');
    await page.keyboard.press('Escape');

    // share the folder with the other agent
    await page.getByRole('button', { name: 'Up one level' }).click();
    await itemAction(page, 'Deals', 'Share');
    const share = page.getByRole('dialog', { name: 'Share “Deals”' });
    await share.getByLabel('Find an agent').fill(friendName);
    await share.getByRole('button', { name: `Add ${friendName}` }).click();
    await share.getByRole('button', { name: 'Save sharing' }).click();
    await share.waitFor({ state: 'detached' });

    const friendPage = await openPage({ width: 390, height: 844 });
    await openCloud(friendPage, friend.email, friend.password);
    await viewTab(friendPage, 'Shared').click();
    const sharedWithYou = friendPage.getByRole('region', { name: 'Shared with you' });
    await sharedWithYou.getByRole('listitem', { name: 'Deals', exact: true }).waitFor();
    await friendPage.getByRole('button', { name: 'Open Deals' }).click();
    await item(friendPage, 'notes.txt').waitFor();
    await shot(friendPage, 'shared-with-you-mobile');
    await friendPage.context().close();

    // delete the folder → trash → restore, with what was inside it
    await itemAction(page, 'Deals', 'Delete');
    await item(page, 'Deals').waitFor({ state: 'detached' });
    await viewTab(page, 'Trash').click();
    const deleted = page.getByRole('region', { name: 'Recently Deleted' });
    await deleted.getByRole('listitem', { name: 'Deals', exact: true }).waitFor();
    await shot(page, 'trash-desktop');
    await itemAction(page, 'Deals', 'Restore');
    await page.getByText('The trash is empty').waitFor();
    await viewTab(page, 'My files').click();
    await page.getByRole('button', { name: 'Open Deals' }).click();
    await item(page, 'notes.txt').waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await shot(page, 'folder-list-desktop');

    // empty the trash: usage drops by exactly the bytes deleted
    await viewTab(page, 'My files').click();
    await itemAction(page, 'site-video.mp4', 'Delete');
    await item(page, 'site-video.mp4').waitFor({ state: 'detached' });
    const before = await usageOf(page);
    await viewTab(page, 'Trash').click();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page
      .getByRole('dialog', { name: 'Empty the trash?' })
      .getByRole('button', { name: 'Empty trash' })
      .click();
    await page.getByText('The trash is empty').waitFor();
    expect(before - (await usageOf(page))).toBe(20 * MB);
    await page.context().close();
  });

  it('finds a file two folders deep from the root, opens its folder, and keeps the folder across a reload', async () => {
    const account = await createConfirmedAccount('Sofia Searcher');
    const page = await openPage();
    await openCloud(page, account.email, account.password);
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    const newFolder = async (name: string) => {
      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Create folder' }).click();
      await item(page, name).waitFor();
    };
    // My files › Clients › São Paulo › Contrato-Conceição.pdf, and a decoy at the root
    await viewTab(page, 'My files').click();
    await newFolder('Clients');
    await page.getByRole('button', { name: 'Open Clients' }).click();
    await newFolder('São Paulo');
    await page.getByRole('button', { name: 'Open São Paulo' }).click();
    await crumbs.getByRole('button', { name: 'São Paulo' }).waitFor();
    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'Contrato-Conceição.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf(['Contrato de compra']),
    });
    await page.getByText('1 of 1 done').waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Clear' }).click();
    await crumbs.getByRole('button', { name: 'My files' }).click();
    await item(page, 'Clients').waitFor();
    expect(new URL(page.url()).search).toBe('?view=files');

    // from the root, without accents or capitals
    await page.getByRole('textbox', { name: 'Search all your files' }).fill('conceicao');
    const results = page.getByRole('region', { name: 'Search results' });
    const result = results.getByRole('listitem', { name: 'Contrato-Conceição.pdf' });
    await result.waitFor();
    const where = result.getByRole('navigation', { name: 'Where Contrato-Conceição.pdf is' });
    await expect
      .poll(() => where.getByRole('button').allTextContents())
      .toEqual(['My files', 'Clients', 'São Paulo']);
    await shot(page, 'search-results-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'search-results-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('textbox', { name: 'Search all your files' }).fill('no-such-file');
    await page.getByRole('heading', { name: 'No files match “no-such-file”' }).waitFor();
    await page.getByRole('textbox', { name: 'Search all your files' }).fill('CONCEIÇÃO');
    await where.getByRole('button', { name: 'São Paulo' }).click();

    // the result's folder is open, and its address survives a reload with the whole breadcrumb
    await item(page, 'Contrato-Conceição.pdf').waitFor();
    const folderAddress = new URL(page.url());
    expect(folderAddress.searchParams.get('folder')).toEqual(expect.any(String));
    await page.reload();
    await item(page, 'Contrato-Conceição.pdf').waitFor();
    await crumbs.getByRole('button', { name: 'São Paulo' }).waitFor();
    await expect
      .poll(() => crumbs.getByRole('button').allTextContents())
      .toEqual(['', 'My files', 'Clients', 'São Paulo']);
    expect(page.url()).toBe(folderAddress.href);
    await shot(page, 'reloaded-folder-desktop');

    // up one level, then the browser's back button returns to the folder
    await page.getByRole('button', { name: 'Up one level' }).click();
    await item(page, 'São Paulo').waitFor();
    await page.goBack();
    await item(page, 'Contrato-Conceição.pdf').waitFor();
    await crumbs.getByRole('button', { name: 'São Paulo' }).waitFor();

    // a folder address that is not this agent's: a clear message and a way back
    await page.goto(appUrl('/cloud?folder=not-a-folder-of-yours'));
    await page.getByRole('heading', { name: 'This folder can’t be opened' }).waitFor();
    await page.getByRole('button', { name: 'Go to My files' }).click();
    await item(page, 'Clients').waitFor();
    expect(takeCspViolations()).toEqual([]);
    await page.context().close();
  });

  it('previews a PDF in the browser’s PDF viewer under the production Content-Security-Policy', async () => {
    const account = await createConfirmedAccount('Pia Brochure');
    const page = await openPage();
    await openCloud(page, account.email, account.password);
    // the page is served as CloudFront serves it: the app's CSP, which frames only our origin and blob:
    const served = await page.request.get(appUrl('/cloud'));
    const csp = served.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|; )frame-src 'self' blob:(;|$)/);
    expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);

    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'villa-brochure.pdf',
      mimeType: 'application/pdf',
      buffer: textPdf(['Villa Aurora, Pine St 12']),
    });
    await page.getByText('1 of 1 done').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Preview villa-brochure.pdf' }).click();
    const preview = page.getByTestId('pdf-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);
    // Chromium's PDF viewer runs in the frame and has read the document: one page
    const viewer = () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
    await expect.poll(() => viewer() !== undefined, { timeout: 15_000 }).toBe(true);
    // (its page count, in the toolbar's shadow DOM, which Playwright's CSS pierces)
    await expect
      .poll(async () => (await viewer()!.locator('#pagelength').textContent())?.trim(), { timeout: 15_000 })
      .toBe('1');
    // the page's picture once the viewer has painted
    await pdfViewerPainted(page, preview);
    await shot(page, 'pdf-preview-desktop');
    expect(takeCspViolations()).toEqual([]);
    await page.context().close();
  });

  it('previews a picture and a text file in place under the production Content-Security-Policy', async () => {
    const account = await createConfirmedAccount('Pia Pictures');
    const page = await openPage();
    await openCloud(page, account.email, account.password);

    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: makePng(320, 200) },
      {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Viewing notes: the key is at the café.'),
      },
    ]);
    await page.getByText('2 of 2 done').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Preview front.png' }).click();
    const picture = page.getByTestId('preview').getByRole('img', { name: 'front.png' });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await shot(page, 'image-preview-desktop');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Preview notes.txt' }).click();
    await expect
      .poll(() => page.getByTestId('text-preview').textContent())
      .toBe('Viewing notes: the key is at the café.');
    expect(takeCspViolations()).toEqual([]);
    await page.context().close();
  });

  it('refuses a web page named as a PDF when it is uploaded, saying what it is, and never opens it', async () => {
    const account = await createConfirmedAccount('Rui Refused');
    const page = await openPage();
    await openCloud(page, account.email, account.password);

    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'offer.pdf',
      mimeType: 'application/pdf',
      buffer: webPage,
    });

    const refusal = page.getByRole('region', { name: 'Uploads' }).getByRole('alert');
    await refusal.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => refusal.textContent())
      .toBe(
        '“offer.pdf” is not a PDF: its contents are a web page (HTML). Upload the real file, or give it a name that says what it is (.html for a web page).',
      );
    await shot(page, 'disguised-upload-refused-desktop');
    expect((await apiAs<{ items: unknown[] }>(page, '/cloud/files')).items).toEqual([]);
    await expectPageNeverRan(page);
    await page.context().close();
  });

  it('never opens a web page disguised as a PDF and shared by another agent: the recipient is offered a download', async () => {
    const owner = await createTestAgent({ fullName: 'Dora Disguise' });
    const recipient = await createTestAgent({ fullName: 'Rita Recipient' });
    // kept as the web page it says it is, then renamed as a PDF: the name changes, what it is does not
    const page = await uploadFile(owner, 'offer.html', webPage);
    expect((await api(owner, `/cloud/${page.id}`, jsonBody('PUT', { name: 'offer.pdf' }))).status).toBe(200);
    // and one stored before uploads were checked: its declared PDF type was never verified
    const legacy = await storeUncheckedFile(owner, 'terms.pdf', 'application/pdf', webPage);
    for (const id of [page.id, legacy]) {
      const shared = await api(
        owner,
        `/cloud/${id}/share`,
        jsonBody('PUT', { shared_with: [{ agent_id: recipient.agentId }] }),
      );
      expect(shared.status).toBe(200);
    }

    const browser = await openPage();
    await openCloud(browser, recipient.email, TEST_PASSWORD);
    await viewTab(browser, 'Shared').click();
    const sharedWithYou = browser.getByRole('region', { name: 'Shared with you' });
    await sharedWithYou.getByRole('listitem', { name: 'offer.pdf', exact: true }).waitFor();

    await browser.getByRole('button', { name: 'Preview offer.pdf' }).click();
    const notShown = browser.getByTestId('preview-not-shown');
    await expect
      .poll(() => notShown.textContent())
      .toMatch(/^“offer\.pdf” is a web page\. Web pages are never opened here/);
    await shot(browser, 'disguised-shared-preview-desktop');
    const download = browser.waitForEvent('download');
    await browser.getByRole('dialog').getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('offer.pdf');
    await browser.keyboard.press('Escape');

    await browser.getByRole('button', { name: 'Preview terms.pdf' }).click();
    await expect
      .poll(() => browser.getByTestId('preview-not-shown').textContent())
      .toMatch(/^“terms\.pdf” is not a PDF, so it is not opened here/);
    await expect.poll(() => browser.getByTestId('pdf-preview').count()).toBe(0);
    await browser.keyboard.press('Escape');
    await expectPageNeverRan(browser);

    // opened straight from its address, the file is a download too, never a page
    const listed = await api<{ items: CloudItemBody[] }>(recipient, '/cloud/shared');
    for (const item of listed.body.items.filter((entry) => entry.agent_id === owner.agentId)) {
      const tab = await browser.context().newPage();
      const downloaded = tab.waitForEvent('download');
      await tab.goto(item.url!).catch(() => undefined);
      expect((await downloaded).suggestedFilename()).toBe(item.name);
      await expectPageNeverRan(tab);
      await tab.close();
    }
    expect(takeCspViolations()).toEqual([]);
    await browser.context().close();
  });

  it('refuses an upload past the quota with the storage message, after the 80 % storage modal', async () => {
    const account = await createConfirmedAccount('Quinn Quota');
    const page = await openPage();
    await signInWithPassword(page, account.email, account.password);
    await page.setViewportSize({ width: 390, height: 844 });
    const agentId = JSON.parse(
      JSON.parse((await page.evaluate(() => localStorage.getItem('persist:auth'))) ?? '{}').agentId,
    ) as string;
    // fill the Free Plan's 1 GiB up to 100 bytes
    Object.assign(process.env, inject('cloud').env);
    const { reserveFeature } = await import('#platform/accounts/limits');
    await reserveFeature({ agentId, role: 'Superagent' }, 'storage', 1073741824 - 100);

    await page.goto(appUrl('/cloud'));
    const modal = page.getByRole('dialog', { name: 'Your storage is almost full' });
    await modal.waitFor();
    await shot(page, 'storage-modal-mobile');
    await modal.getByRole('button', { name: 'Maybe Later' }).click();
    // a 0-byte file: said in words, nothing sent
    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'empty.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(0),
    });
    await expect
      .poll(() => page.getByRole('region', { name: 'Uploads' }).getByRole('alert').first().textContent())
      .toBe('This file is empty (0 bytes): there is nothing to upload.');
    await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Clear' }).click();

    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'too-big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(101, 1),
    });

    const uploads = page.getByRole('region', { name: 'Uploads' });
    await expect.poll(() => uploads.getByRole('alert').textContent()).toBe(STORAGE_LIMIT_MESSAGE);
    await expect.poll(() => page.getByTestId('cloud-error-upload').textContent()).toBe(STORAGE_LIMIT_MESSAGE);
    await shot(page, 'quota-mobile');
    await page.context().close();
  });
});
