import { describe, expect, it } from 'vitest';
import { changesOf, fieldsOf, valuesOf } from './PropertyForm.tsx';
import { moveItem } from './photoUploads.ts';
import type { Property } from './types.ts';
import { validateNewProperty, validatePropertyChanges } from './validation.ts';

describe('the property form', () => {
  it('sends every filled field as form text, lists as JSON and numbers without separators', () => {
    const values = {
      ...valuesOf(undefined, 'sqft'),
      title: ' Loft ',
      price: '425,000',
      city: 'Lisbon',
      additionalFeatures: 'Balcony, Lift,',
    };

    expect(fieldsOf(values)).toEqual({
      title: 'Loft',
      price: '425000',
      currency: 'USD',
      city: 'Lisbon',
      measurement_metric: 'sqft',
      status: 'for_sale',
      additionalFeatures: '["Balcony","Lift"]',
      closeTo: '[]',
      views: '[]',
    });
  });

  it('never sends the verification flags: they are earned on the listing, not declared in the form', () => {
    const values = { ...valuesOf(undefined, 'sqm'), title: 'Loft', price: '1', city: 'Faro' };
    expect(fieldsOf(values)).not.toHaveProperty('deed_verified');
    expect(fieldsOf(values)).not.toHaveProperty('owner_acknowledged');
  });

  it('checks the fields with the API’s own rules, each message under its field', () => {
    expect(validateNewProperty({ price: 'cheap', video_link: 'nope' })).toEqual({
      title: 'Title is required',
      price: 'Price must be a number',
      city: 'City is required',
      video_link: 'Video link must be a valid URL',
    });
    expect(validateNewProperty({ title: 'Loft', price: '1', city: 'Faro' })).toEqual({});
  });

  it('says what is wrong with a number that is a number, only too large', () => {
    expect(
      validateNewProperty({ title: 'Loft', price: '1000000000000000', city: 'Faro', size: '1e10' }),
    ).toEqual({
      price: 'Price must be at most 1,000,000,000,000',
      size: 'Size must be at most 1,000,000,000',
    });
  });

  it('edits send what changed and clear what was emptied', () => {
    const before = { ...valuesOf(undefined, 'sqm'), title: 'Loft', price: '1000', city: 'Faro', area: 'Sé' };

    const changes = changesOf(before, { ...before, price: '1200', area: '' });

    expect(changes).toEqual({ price: '1200', clearFields: '["area"]' });
    expect(validatePropertyChanges(changes)).toEqual({});
    expect(validatePropertyChanges({})).toEqual({ form: 'Change at least one field' });
  });

  it('opens a listing with its price as entered, in its own currency, and saves it again unchanged', () => {
    const entered = { ...valuesOf(undefined, 'sqm', 'EUR'), title: 'Loft', price: '450,000.5', city: 'Faro' };
    expect(fieldsOf(entered)).toMatchObject({ price: '450000.5', currency: 'EUR' });
    expect(fieldsOf({ ...entered, price: '€ 450,000' }).price).toBe('450000');
    const stored: Property = {
      property_id: 'p-1',
      agent_id: 'a-1',
      title: 'Loft',
      price: 450000.5,
      currency: 'EUR',
      city: 'Faro',
      measurement_metric: 'sqm',
      status: 'for_sale',
      additionalFeatures: [],
      closeTo: [],
      views: [],
      metaDetails: {},
      media: [],
      imageOrder: [],
      deed_verified: false,
      owner_acknowledged: false,
      created_at: '2026-11-01T00:00:00.000Z',
    };

    // the agent's display currency (USD here) never replaces the listing's own
    const reopened = valuesOf(stored, 'sqft', 'USD');

    expect(reopened.price).toBe('450,000.5');
    expect(reopened.currency).toBe('EUR');
    expect(changesOf(reopened, reopened)).toEqual({});
    expect(fieldsOf(reopened)).toMatchObject({ price: '450000.5', currency: 'EUR' });
  });

  it('names the form’s own labels in the messages of price and currency', () => {
    expect(validateNewProperty({ title: 'Loft', price: '-1', city: 'Faro', currency: 'XYZ' })).toEqual({
      price: 'Price must be 0 or more',
      currency: expect.stringMatching(/^Currency must be one of USD, EUR, /),
    });
  });

  it('moves a photo to another place of the order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
});
