import { describe, expect, it } from 'vitest';
import type { Client } from './api.ts';
import { clientsToCsv, planImport } from './clientCsv.ts';
import { parseCsv, toCsv } from './csv.ts';

const agents = [
  { agent_id: 'agent-1', full_name: 'Maya Collins' },
  { agent_id: 'agent-2', full_name: 'Leo Martins' },
];

const client = (overrides: Partial<Client> = {}): Client => ({
  client_id: 'c1',
  agentId: 'agent-1',
  full_name: 'Ana Lopez',
  type: 'buyer',
  stage: 'viewing',
  currency: 'EUR',
  preferred_areas: ['Alfama', 'Graça'],
  property_interests: [],
  tags: ['vip'],
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('CSV text', () => {
  it('quotes commas, quotes and line breaks, and reads them back', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', ' padded ']];

    const text = toCsv(['one', 'two', 'three', 'four'], rows);

    expect(parseCsv(text)).toEqual([['one', 'two', 'three', 'four'], ...rows]);
  });

  it('reads CRLF, a byte order mark and a missing last line break', () => {
    expect(parseCsv('\uFEFFname,email\r\nAna,ana@example.com')).toEqual([
      ['name', 'email'],
      ['Ana', 'ana@example.com'],
    ]);
  });

  it('guards cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['x'], [['=HYPERLINK("evil")'], ['+351 912']])).toBe(
      'x\r\n"\'=HYPERLINK(""evil"")"\r\n\'+351 912\r\n',
    );
  });
});

describe('clients CSV', () => {
  it('round-trips export and import', () => {
    const original = client({
      email: 'ana@example.com',
      phone: '+351 912 000 111',
      budget_min: 250000,
      budget_max: 400000,
      source: 'Referral',
      assigned_agent_id: 'agent-2',
      notes: 'Wants a view, "quiet" street',
      last_contact_at: '2026-03-02T09:30:00.000Z',
    });

    const plan = planImport(clientsToCsv([original], agents), agents);

    expect(plan.invalid).toEqual([]);
    expect(plan.ignoredHeaders).toEqual([]);
    expect(plan.valid[0]?.client).toEqual({
      full_name: 'Ana Lopez',
      email: 'ana@example.com',
      phone: '+351 912 000 111',
      type: 'buyer',
      stage: 'viewing',
      budget_min: 250000,
      budget_max: 400000,
      currency: 'EUR',
      preferred_areas: ['Alfama', 'Graça'],
      tags: ['vip'],
      property_interests: [],
      source: 'Referral',
      assigned_agent_id: 'agent-2',
      notes: 'Wants a view, "quiet" street',
      last_contact_at: '2026-03-02T09:30:00.000Z',
    });
  });

  it('reports every problem of a row by line, with the field’s label', () => {
    const text = [
      'Name,E-mail,Status,Budget min,Budget max,Assigned to,Favourite colour',
      'Good Client,good@example.com,Negotiating,100,200,,blue',
      ',not-an-email,Sleeping,,,Nobody,',
      'Upside Down,,New,500,100,,',
    ].join('\n');

    const plan = planImport(text, agents);

    expect(plan.valid.map((row) => row.client?.stage)).toEqual(['negotiating']);
    expect(plan.invalid).toEqual([
      {
        line: 3,
        name: '',
        errors: [
          'Assigned agent "Nobody" is not an agent of your agency',
          'Full name is required',
          'Email must be a valid email address',
          'Stage must be one of new, contacted, viewing, negotiating, closed, lost',
        ],
      },
      { line: 4, name: 'Upside Down', errors: ['Budget to must be at least the minimum budget'] },
    ]);
    expect(plan.ignoredHeaders).toEqual(['Favourite colour']);
  });

  it('needs a name column', () => {
    expect(planImport('email\nx@example.com', agents).fileError).toBe('The file needs a "Full name" column.');
  });
});
