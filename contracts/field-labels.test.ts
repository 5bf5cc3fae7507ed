import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldMessage } from './field-labels.ts';

describe('field labels', () => {
  it('names fields as the forms label them, and others as words', () => {
    expect(fieldLabel('full_name')).toBe('Full name');
    expect(fieldLabel('budget_max')).toBe('Budget to');
    expect(fieldLabel('pages.0.name')).toBe('Name');
    expect(fieldLabel('parent_folder_id')).toBe('Folder');
    expect(fieldLabel('globalComponentsVersion')).toBe('Global components version');
    expect(fieldLabel('template_id')).toBe('Template');
    expect(fieldLabel('body')).toBe('Message');
  });

  it('makes a sentence of a message, and keeps one that already is', () => {
    expect(fieldMessage('price', 'must be at most 1,000,000,000')).toBe(
      'Price must be at most 1,000,000,000',
    );
    expect(fieldMessage('files', 'Upload at most 20 photos at a time.')).toBe(
      'Upload at most 20 photos at a time.',
    );
  });
});
