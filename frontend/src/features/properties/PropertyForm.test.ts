import { describe, expect, it } from 'vitest';
import { changesOf, fieldsOf, valuesOf } from './PropertyForm.tsx';
import { moveItem } from './photoUploads.ts';
import { validateNewProperty, validatePropertyChanges } from './validation.ts';

describe('the property form', () => {
  it('sends every filled field as form text, lists as JSON and numbers without separators', () => {
    const values = {
      ...valuesOf(undefined, 'sqft'),
      title: ' Loft ',
      price: '425,000',
      city: 'Lisbon',
      additionalFeatures: 'Balcony, Lift,',
      owner_acknowledged: true,
    };

    expect(fieldsOf(values)).toEqual({
      title: 'Loft',
      price: '425000',
      city: 'Lisbon',
      measurement_metric: 'sqft',
      status: 'for_sale',
      additionalFeatures: '["Balcony","Lift"]',
      closeTo: '[]',
      views: '[]',
      deed_verified: 'false',
      owner_acknowledged: 'true',
    });
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

  it('moves a photo to another place of the order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['a', 'b', 'c']);
  });
});
