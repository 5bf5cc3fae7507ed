import { describe, expect, it } from 'vitest';
// the server's own reader of a JPEG's size (it refuses a picture that is not square)
import { jpegDimensions } from '#platform/media';
import {
  appUrl,
  createConfirmedAccount,
  makePng,
  sidebar,
  signInWithPassword,
  useBrowser,
} from './helpers.ts';

describe('profile picture', () => {
  const { openPage } = useBrowser();

  it('crops a chosen image square, saves it as JPEG and shows it in the header and the sidebar', async () => {
    const account = await createConfirmedAccount('Pia Lindqvist');
    const page = await openPage();
    await signInWithPassword(page, account.email, account.password);
    const picker = page.getByLabel('Choose a profile picture');

    // a non-image is refused before any upload
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Please choose an image file (JPEG, PNG or WebP)');

    // a damaged file of an image type: a clear message, no black cropper
    const damaged = Buffer.concat([
      makePng(640, 400).subarray(0, 60),
      Buffer.from('not the rest of a picture'),
    ]);
    await picker.setInputFiles({ name: 'damaged.png', mimeType: 'image/png', buffer: damaged });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This image could not be read. It may be damaged: please choose another JPEG, PNG or WebP file.');
    await expect.poll(() => page.getByRole('dialog', { name: 'Crop your profile picture' }).count()).toBe(0);

    await picker.setInputFiles({ name: 'landscape.png', mimeType: 'image/png', buffer: makePng(640, 400) });
    const dialog = page.getByRole('dialog', { name: 'Crop your profile picture' });
    await dialog.waitFor();
    await dialog.getByRole('slider', { name: 'Zoom' }).fill('1.6');
    await dialog.getByRole('button', { name: 'Save photo' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    const headerPicture = page.locator('header img[alt="Profile picture"]');
    const sidebarPicture = sidebar(page).locator('img[alt="Profile picture"]');
    await expect.poll(() => headerPicture.getAttribute('src')).toMatch(/^\/media\/.+\.jpg$/);
    const src = (await headerPicture.getAttribute('src'))!;
    await expect.poll(() => sidebarPicture.getAttribute('src')).toBe(src);

    const stored = await fetch(appUrl(src));
    expect(stored.status).toBe(200);
    const dimensions = jpegDimensions(Buffer.from(await stored.arrayBuffer()));
    expect(dimensions).toBeDefined();
    expect(dimensions!.width).toBe(dimensions!.height);
    expect(dimensions!.width).toBeGreaterThan(100);

    // the new picture survives a reload (it is on the agent record)
    await page.reload();
    await expect.poll(() => page.locator('header img[alt="Profile picture"]').getAttribute('src')).toBe(src);
    await page.context().close();
  });

  it('saves the profile details and shows them after a reload', async () => {
    const account = await createConfirmedAccount('Ines Duarte');
    const page = await openPage();
    await signInWithPassword(page, account.email, account.password);

    await page.getByLabel('City').fill('Coimbra');
    await page.getByLabel('Bio').fill('Student flats near the university.');
    await page.getByLabel('Full name').fill('Inês Duarte');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved').waitFor();
    await expect.poll(() => sidebar(page).getByTestId('sidebar-name').textContent()).toBe('Inês Duarte');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Inês Duarte' }).waitFor();
    await expect.poll(() => page.getByLabel('City').inputValue()).toBe('Coimbra');
    await expect
      .poll(() => page.getByText('Student flats near the university.').first().isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('shows another agent view only, without an upload control', async () => {
    const page = await openPage();
    await signInWithPassword(page, 'amir@estatenet.local');
    const own = await page.evaluate(() => JSON.parse(localStorage.getItem('persist:auth') ?? '{}'));
    const agentId = JSON.parse(own.agentId);
    await page.goto(appUrl(`/pages/agent/profile/${agentId}`));
    await page.getByRole('heading', { level: 1, name: 'Amir Haddad' }).waitFor();
    await expect.poll(() => page.getByLabel('Choose a profile picture').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Change photo' }).count()).toBe(0);
    await page.context().close();
  });
});
