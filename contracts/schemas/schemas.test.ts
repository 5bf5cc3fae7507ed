import { describe, expect, it } from 'vitest';
import { clientCreate, clientUpdate, columnPreferences } from './clients.ts';
import { trashInput, updateItemInput, uploadInput } from './cloud.ts';
import { FILE_TOO_LARGE_MESSAGE } from './forms.ts';
import { brandColorsInput, currencyPreferenceInput } from './preferences.ts';
import { imageOrderInput, propertyCreate, propertyUpdate, searchPropertiesQuery } from './properties.ts';
import { awardInput } from './reputation.ts';
import { customDomainInput, pageSlug, websiteContentInput, websiteUpdate } from './websites.ts';

const messageAt = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;

describe('JSON bodies', () => {
  it('rejects unknown fields', () => {
    expect(
      brandColorsInput.safeParse({ agencyId: 'a1', color1: '#1ab684', color2: '#157f58', x: 1 }).success,
    ).toBe(false);
    expect(websiteUpdate.safeParse({ title: 'Home', name: 'not allowed' }).success).toBe(false);
  });

  it('accepts hex brand colours only', () => {
    const result = brandColorsInput.safeParse({ agencyId: 'a1', color1: 'red', color2: '#157f58' });

    expect(messageAt(result, 'color1')).toBe('must be a hex colour like #1ab684');
  });

  it('accepts three-letter currency codes', () => {
    expect(currencyPreferenceInput.safeParse({ agentId: 'a1', currencyPreference: 'EUR' }).success).toBe(
      true,
    );
    expect(currencyPreferenceInput.safeParse({ agentId: 'a1', currencyPreference: 'euro' }).success).toBe(
      false,
    );
  });

  it('awards only the activity types the spec lists', () => {
    const award = { activityType: 'PROPERTY_ADDED', relatedEntityType: 'property', relatedEntityId: 'p1' };

    expect(awardInput.safeParse(award).success).toBe(true);
    expect(awardInput.safeParse({ ...award, activityType: 'FREE_POINTS' }).success).toBe(false);
  });
});

describe('clients', () => {
  it('fills defaults on create', () => {
    const created = clientCreate.parse({ full_name: 'Ana Lopez' });

    expect(created).toMatchObject({
      type: 'buyer',
      stage: 'new',
      currency: 'USD',
      tags: [],
      preferred_areas: [],
    });
  });

  it('rejects a budget range that is upside down', () => {
    const result = clientCreate.safeParse({ full_name: 'Ana', budget_min: 500, budget_max: 100 });

    expect(messageAt(result, 'budget_max')).toBe('must be at least the minimum budget');
  });

  it('does not reset fields that an update leaves out', () => {
    expect(clientUpdate.parse({ notes: 'called' })).toEqual({ notes: 'called' });
    expect(clientUpdate.safeParse({}).success).toBe(false);
  });

  it('lists each table column once', () => {
    const column = { key: 'email', visible: true };

    expect(columnPreferences.safeParse([column, column]).success).toBe(false);
  });
});

describe('multipart property bodies', () => {
  it('turns form text into numbers, booleans and lists', () => {
    const property = propertyCreate.parse({
      title: 'Sea view flat',
      price: '250000',
      city: 'Lisbon',
      bedrooms_count: '2',
      deed_verified: 'true',
      additionalFeatures: '["Pool","Garage"]',
      closeTo: 'Beach',
      video_link: '',
      fileKeys: ['uploads/agent-1/01H/photo.jpg'],
    });

    expect(property).toMatchObject({
      price: 250000,
      bedrooms_count: 2,
      deed_verified: true,
      additionalFeatures: ['Pool', 'Garage'],
      closeTo: ['Beach'],
      status: 'for_sale',
      measurement_metric: 'sqm',
    });
    expect(property.video_link).toBeUndefined();
    // server-owned (issue 20): absent unless sent, and then only echoed (the handler refuses a change)
    expect(property.owner_acknowledged).toBeUndefined();
  });

  it('requires title, price and city on create', () => {
    const result = propertyCreate.safeParse({ title: '', price: 'abc' });

    expect(messageAt(result, 'title')).toBe('is required');
    expect(messageAt(result, 'price')).toBeDefined();
    expect(messageAt(result, 'city')).toBe('is required');
  });

  it('rejects file keys outside the upload prefix', () => {
    expect(propertyUpdate.safeParse({ fileKeys: ['uploads/../sites/index.html'] }).success).toBe(false);
    expect(propertyUpdate.safeParse({ fileKeys: 'private/other.jpg' }).success).toBe(false);
  });

  it('rejects an image order with repeats', () => {
    expect(imageOrderInput.safeParse({ imageOrder: ['a.jpg', 'a.jpg'] }).success).toBe(false);
  });
});

describe('property search', () => {
  it('defaults to newest, page 1, limit 12 (three or four cards a row)', () => {
    expect(searchPropertiesQuery.parse({})).toMatchObject({ sortBy: 'newest', page: 1, limit: 12 });
  });

  it('rejects a price range that is upside down', () => {
    expect(messageAt(searchPropertiesQuery.safeParse({ minPrice: '10', maxPrice: '5' }), 'maxPrice')).toBe(
      'must be at least the minimum price',
    );
  });
});

describe('cloud', () => {
  it('refuses files over 100 MB with the spec wording', () => {
    const result = uploadInput.safeParse({
      name: 'big.zip',
      size: 100 * 1024 * 1024 + 1,
      mime_type: 'application/zip',
    });

    expect(messageAt(result, 'size')).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('refuses names with path separators', () => {
    expect(updateItemInput.safeParse({ name: '../etc' }).success).toBe(false);
    expect(updateItemInput.safeParse({}).success).toBe(false);
    expect(updateItemInput.safeParse({ parent_folder_id: null }).success).toBe(true);
  });

  it('keeps the hierarchy by default when trashing', () => {
    expect(trashInput.parse({})).toEqual({ preserveHierarchy: true });
  });
});

describe('websites', () => {
  it('requires a components object, a styles string and a pages array', () => {
    const result = websiteContentInput.safeParse({ components: 'x', styles: 1 });

    expect(messageAt(result, 'components')).toBe('must be an object');
    expect(messageAt(result, 'styles')).toBe('must be a string');
    expect(messageAt(result, 'pages')).toBe('must be an array');
  });

  it('names empty pages Page N and keeps editor keys', () => {
    const content = websiteContentInput.parse({
      components: [],
      styles: '',
      pages: [
        { id: 'p1', name: 'Home' },
        { id: 'p2', name: '' },
      ],
      extra: true,
    });

    expect(content.pages.map((page) => page.name)).toEqual(['Home', 'Page 2']);
    expect(content.extra).toBe(true);
  });

  it('slugs page names, with an empty slug for Home', () => {
    expect(pageSlug('Home')).toBe('');
    expect(pageSlug('  About Us! ')).toBe('about-us');
    expect(pageSlug('Prices & Fees 2024')).toBe('prices-fees-2024');
  });

  it('spells accented page names without their accents instead of dropping the letters', () => {
    expect(pageSlug('Évora')).toBe('evora');
    expect(pageSlug('Imóveis em São João')).toBe('imoveis-em-sao-joao');
  });

  it('lower-cases custom domains and rejects bare words', () => {
    expect(customDomainInput.parse({ website_id: 'w1', domain: 'WWW.Example.com' }).domain).toBe(
      'www.example.com',
    );
    expect(customDomainInput.safeParse({ website_id: 'w1', domain: 'localhost' }).success).toBe(false);
  });
});
