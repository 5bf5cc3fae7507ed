import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_STAGES, CLIENT_TYPES } from '#contracts/client-values';
import type { Client, NewClient } from './api.ts';
import { clientsToCsv, planImport, readList, writeList } from './clientCsv.ts';
import { csvDelimiterFor, decodeCsv, parseCsv, parseCsvNumber, toCsv } from './csv.ts';

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

/** The header of the clients CSV as Excel in Portuguese saves it ("CSV UTF-8": BOM, semicolons, CRLF). */
const EXCEL_PT_HEADER =
  'Full name;Email;Phone;Type;Stage;Budget from;Budget to;Currency;Preferred areas;Tags;Notes';

describe('CSV text', () => {
  it('quotes commas, quotes and line breaks, and reads them back', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', ' padded ']];

    const text = toCsv(['one', 'two', 'three', 'four'], rows);

    expect(parseCsv(text)).toEqual({ rows: [['one', 'two', 'three', 'four'], ...rows], delimiter: ',' });
  });

  it('reads CRLF, a byte order mark and a missing last line break', () => {
    expect(parseCsv('\uFEFFname,email\r\nAna,ana@example.com').rows).toEqual([
      ['name', 'email'],
      ['Ana', 'ana@example.com'],
    ]);
  });

  it('finds the separator: semicolons (Excel in pt/es/fr/de), tabs, commas', () => {
    expect(parseCsv('\uFEFFnome;morada\r\nAna;"Rua A; 2"\r\nRui;Lisboa, centro\r\n')).toEqual({
      rows: [
        ['nome', 'morada'],
        ['Ana', 'Rua A; 2'],
        ['Rui', 'Lisboa, centro'],
      ],
      delimiter: ';',
    });
    expect(parseCsv('name\temail\nAna\tana@example.com\n').delimiter).toBe('\t');
    expect(parseCsv('name,tags\nAna,vip; relocation\n').delimiter).toBe(',');
  });

  it('starts with a byte order mark, uses CRLF and guards cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['x'], [['=HYPERLINK("evil")'], ['+351 912'], ["'=kept"]])).toBe(
      '\uFEFFx\r\n"\'=HYPERLINK(""evil"")"\r\n\'+351 912\r\n\'\'=kept\r\n',
    );
  });

  it('writes semicolons where the locale writes decimal commas', () => {
    expect(csvDelimiterFor('pt-PT')).toBe(';');
    expect(csvDelimiterFor('de-DE')).toBe(';');
    expect(csvDelimiterFor('en-US')).toBe(',');
    expect(toCsv(['a', 'b'], [['x,y', 'z;w']], ';')).toBe('\uFEFFa;b\r\nx,y;"z;w"\r\n');
  });

  it('reads numbers with the decimal separator that goes with the file', () => {
    expect(parseCsvNumber('250.000,50', ';')).toBe(250000.5);
    expect(parseCsvNumber('250 000', ';')).toBe(250000);
    expect(parseCsvNumber('250,000.50', ',')).toBe(250000.5);
    expect(parseCsvNumber('1e-7', ',')).toBe(1e-7);
    expect(parseCsvNumber('€250', ',')).toBeUndefined();
  });

  it('decodes UTF-8 with or without a byte order mark, and Windows-1252 (Excel’s plain CSV)', () => {
    const text = 'Full name;Notes\r\nJoão Gonçalves;Préfère l’été, 300 €\r\n';
    // the byte order mark is read as such, not as text
    expect(decodeCsv(new TextEncoder().encode(`\uFEFF${text}`))).toBe(text);
    expect(decodeCsv(new TextEncoder().encode(text))).toBe(text);
    // Windows-1252: one byte per character, ’ is 0x92
    const ansi = Uint8Array.from(
      [...text].map((char) => ({ '’': 0x92, '€': 0x80 })[char] ?? char.charCodeAt(0)),
    );
    expect(decodeCsv(ansi)).toBe(text);
  });

  it('refuses a file with an unclosed quote, naming its line, rather than read the rest wrong', () => {
    const { error } = parseCsv('name,notes\nAna,fine\nRui,"never closed\nEva,ok\n');
    expect(error).toBe(
      'Line 3 has a quote (") that is never closed, so the rest of the file cannot be read. Fix it in your spreadsheet and save as CSV again.',
    );
  });
});

describe('list cells', () => {
  it('quotes entries that hold a separator or a quote, and reads them back', () => {
    const entries = ['Lisbon, centre', 'a;b', 'say "hi"', 'Graça'];
    expect(writeList(entries)).toBe('"Lisbon, centre"; "a;b"; "say ""hi"""; Graça');
    expect(readList(writeList(entries))).toEqual(entries);
    expect(readList(writeList(['Lisbon, centre']))).toEqual(['Lisbon, centre']);
  });

  it('reads semicolon lists, and comma lists as other tools write tags', () => {
    expect(readList('Alfama; Graça')).toEqual(['Alfama', 'Graça']);
    expect(readList('vip, relocation')).toEqual(['vip', 'relocation']);
    expect(readList(' ; vip ;')).toEqual(['vip']);
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

  it('imports back unchanged whatever it exports, with either separator (random clients)', () => {
    const special = fc.constantFrom(...',;"\'\n\r\t =+-@'.split(''), 'é', 'ç', 'ã', 'Ö', '€', '’', '日');
    const text = (maxLength: number) =>
      fc.string({
        unit: fc.oneof(
          special,
          fc.constantFrom(...'abcXYZ019'.split('')),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        maxLength,
      });
    const trimmed = (maxLength: number) =>
      text(maxLength)
        .map((value) => value.trim())
        .filter((value) => value !== '');
    const list = (maxItems: number) => fc.array(trimmed(40), { maxLength: maxItems });
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 2_000_000_000 }),
      fc.integer({ min: 0, max: 1e9 }).map((cents) => cents / 100),
    );
    const phone = fc
      .tuple(
        fc.constantFrom('+', '(', '0', '9'),
        fc.string({ unit: fc.constantFrom(...'0123456789 ().-'.split('')), maxLength: 30 }),
      )
      .map(([first, rest]) => `${first}${rest}`.trim());
    const randomClient = fc.record(
      {
        full_name: trimmed(120),
        email: fc.emailAddress().filter((email) => email.length <= 254),
        phone,
        type: fc.constantFrom(...CLIENT_TYPES),
        stage: fc.constantFrom(...CLIENT_STAGES),
        budget: fc.tuple(amount, amount).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
        currency: fc.constantFrom('EUR', 'USD', 'GBP', 'BRL'),
        preferred_areas: list(5),
        tags: list(5),
        property_interests: list(3),
        source: trimmed(100),
        assigned_agent_id: fc.constantFrom('agent-1', 'agent-2'),
        notes: text(300).filter((notes) => notes.trim() !== ''),
        last_contact_at: fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString()),
      },
      {
        requiredKeys: [
          'full_name',
          'type',
          'stage',
          'currency',
          'preferred_areas',
          'tags',
          'property_interests',
        ],
      },
    );

    fc.assert(
      fc.property(
        fc.array(randomClient, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(',', ';'),
        (drafts, delimiter) => {
          const expected: NewClient[] = drafts.map(({ budget, ...fields }) => ({
            ...fields,
            ...(budget ? { budget_min: budget[0], budget_max: budget[1] } : {}),
          }));
          // the generated fields are never null, so they are a stored client's fields too
          const clients = expected.map((fields, index) =>
            client({ ...(fields as Partial<Client>), client_id: `c${index}` }),
          );

          const plan = planImport(clientsToCsv(clients, agents, delimiter as ',' | ';'), agents);

          expect(plan.fileError).toBeUndefined();
          expect(plan.invalid).toEqual([]);
          expect(plan.valid.map((row) => row.client)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('imports a semicolon file with a byte order mark, decimal commas and accents, as Excel in Portuguese saves it', () => {
    const text = [
      `\uFEFF${EXCEL_PT_HEADER}`,
      'João Gonçalves;joao@example.pt;+351 912 000 111;Comprador;Novo;250.000;400.000,50;EUR;"Alfama; Graça";vip;"Quer vista; ""rio"", garagem"',
      'Zoë Faure;;;Tenant;Contacted;;;EUR;"Príncipe Real; Belém";;Préfère l’été',
      '',
    ].join('\r\n');

    const plan = planImport(text, agents);

    expect(plan.fileError).toBeUndefined();
    expect(plan.invalid.map((row) => [row.line, row.errors])).toEqual([
      [
        2,
        [
          'Type must be one of buyer, seller, tenant, landlord, investor',
          'Stage must be one of new, contacted, viewing, negotiating, closed, lost',
        ],
      ],
    ]);
    expect(plan.valid.map((row) => row.client)).toEqual([
      expect.objectContaining({
        full_name: 'Zoë Faure',
        type: 'tenant',
        stage: 'contacted',
        preferred_areas: ['Príncipe Real', 'Belém'],
        notes: 'Préfère l’été',
      }),
    ]);
    const fixed = text.replace('Comprador;Novo', 'Buyer;New');
    expect(planImport(fixed, agents).valid[0]?.client).toEqual({
      full_name: 'João Gonçalves',
      email: 'joao@example.pt',
      phone: '+351 912 000 111',
      type: 'buyer',
      stage: 'new',
      budget_min: 250000,
      budget_max: 400000.5,
      currency: 'EUR',
      preferred_areas: ['Alfama', 'Graça'],
      tags: ['vip'],
      property_interests: [],
      notes: 'Quer vista; "rio", garagem',
    });
  });

  it('refuses a malformed file as a whole, so no row is imported half-read', () => {
    const text = `${EXCEL_PT_HEADER}\r\nAna;;;;;;;;;;"ok"\r\nRui;;;;;;;;;;"unclosed\r\nEva;;;;;;;;;;fine\r\n`;

    const plan = planImport(text, agents);

    expect(plan.valid).toEqual([]);
    expect(plan.rows).toEqual([]);
    expect(plan.fileError).toMatch(/^Line 3 has a quote \("\) that is never closed/);
  });

  it('refuses a row with more cells than the header instead of dropping them', () => {
    const plan = planImport('Full name,Notes\nAna,fine\nRui,one, two\nEva,ok,,\n', agents);

    expect(plan.valid.map((row) => row.name)).toEqual(['Ana', 'Eva']);
    expect(plan.invalid).toEqual([
      {
        line: 3,
        name: 'Rui',
        errors: ['The row has 1 more cell than the header; put a cell that holds the separator in quotes'],
      },
    ]);
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

  it('counts blank lines in line numbers, as the spreadsheet shows its rows', () => {
    const plan = planImport('Full name,Email\n\nAna,bad\n', agents);
    expect(plan.invalid.map((row) => row.line)).toEqual([3]);
  });

  it('needs a name column', () => {
    expect(planImport('email\nx@example.com', agents).fileError).toBe('The file needs a "Full name" column.');
  });
});
