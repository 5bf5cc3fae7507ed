import { type AgendaEventType, addDays } from '#contracts/agenda-values';
import { findCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo agenda: a working week of viewings, meetings, calls and deadlines for Maya (demo@), Leo and Sofia
 * around the day `npm start` runs (two days back, today, the next six days), with their reminders, written
 * through the entity layer and the agenda's own reminder code. Viewings link the agent's clients when the
 * demo has some. An agent that already has demo events in that window is left alone: restarts add nothing,
 * and a restart weeks later brings a fresh week.
 */

const TIME_ZONE = 'Europe/Lisbon';

interface DemoEvent {
  /** days from today (-2 = the day before yesterday) */
  day: number;
  /** local start hour (9.5 = 09:30); absent for all-day events */
  at?: number;
  minutes?: number;
  type: AgendaEventType;
  title: string;
  location?: string;
  notes?: string;
  reminder?: number;
  /** link the agent's first, second… client */
  client?: number;
}

const WEEKS: Record<string, DemoEvent[]> = {
  'demo@estatenet.local': [
    {
      day: -2,
      at: 9.5,
      minutes: 15,
      type: 'call',
      title: 'Call back about the Chiado offer',
      reminder: 15,
      client: 0,
    },
    {
      day: -2,
      at: 11,
      minutes: 60,
      type: 'viewing',
      title: 'Viewing: T2 in Príncipe Real',
      location: 'Rua da Escola Politécnica 89, Lisbon',
      notes: 'Keys with the concierge. Client wants a balcony and lift.',
      reminder: 30,
      client: 1,
    },
    {
      day: -1,
      at: 16,
      minutes: 60,
      type: 'meeting',
      title: 'Team pipeline review',
      location: 'Harbor & Pine office',
      reminder: 10,
    },
    {
      day: -1,
      at: 10,
      minutes: 60,
      type: 'viewing',
      title: 'Viewing: penthouse in Chiado',
      location: 'Rua Garrett 44, Lisbon',
      reminder: 30,
      client: 0,
    },
    {
      day: 0,
      at: 14.5,
      minutes: 90,
      type: 'meeting',
      title: 'Valuation visit: Estrela townhouse',
      location: 'Rua de São Bento 310, Lisbon',
      reminder: 60,
    },
    { day: 1, type: 'deadline', title: 'Deposit due: Campo de Ourique T3', reminder: 24 * 60 },
    {
      day: 1,
      at: 12.5,
      minutes: 60,
      type: 'meeting',
      title: 'Lunch with the notary',
      location: 'Café Lisboa, Largo de São Carlos',
    },
    { day: 1, at: 17, minutes: 30, type: 'call', title: 'Mortgage broker follow-up', reminder: 15 },
    {
      day: 2,
      at: 9,
      minutes: 120,
      type: 'viewing',
      title: 'Open house: Alfama duplex',
      location: 'Beco do Carneiro 7, Lisbon',
      notes: 'Bring the floor plans and the energy certificate.',
      reminder: 60,
    },
    {
      day: 0,
      at: 17.5,
      minutes: 30,
      type: 'call',
      title: 'Seller update: Belém villa',
      reminder: 15,
      client: 2,
    },
    {
      day: 3,
      at: 10.5,
      minutes: 90,
      type: 'meeting',
      title: 'Contract signing: Parque das Nações',
      location: 'Notary office, Av. D. João II',
      reminder: 60,
      client: 1,
    },
    { day: 3, at: 16, minutes: 30, type: 'deadline', title: 'Submit listing photos for Lapa', reminder: 60 },
    {
      day: 4,
      at: 11,
      minutes: 60,
      type: 'viewing',
      title: 'Weekend viewing: Cascais family home',
      location: 'Rua Frederico Arouca 120, Cascais',
      reminder: 60,
      client: 2,
    },
    { day: 6, type: 'deadline', title: 'Offer deadline: Lapa apartment', reminder: 24 * 60 },
  ],
  'leo@estatenet.local': [
    {
      day: 0,
      at: 10,
      minutes: 60,
      type: 'viewing',
      title: 'Viewing: new build in Marvila',
      location: 'Rua do Açúcar 58, Lisbon',
      reminder: 30,
    },
    { day: 1, at: 15, minutes: 45, type: 'call', title: 'Developer call: Marvila phase 2', reminder: 15 },
    {
      day: 2,
      at: 11,
      minutes: 60,
      type: 'meeting',
      title: 'Buyer briefing: Avenidas Novas',
      location: 'Harbor & Pine office',
      reminder: 30,
    },
    { day: 4, type: 'deadline', title: 'Reservation contract due', reminder: 24 * 60 },
  ],
  'sofia@estatenet.local': [
    {
      day: 0,
      at: 9,
      minutes: 60,
      type: 'viewing',
      title: 'Viewing: Foz do Douro apartment',
      location: 'Rua do Passeio Alegre 300, Porto',
      reminder: 30,
    },
    {
      day: 1,
      at: 14,
      minutes: 60,
      type: 'meeting',
      title: 'Valuation: Gaia riverside house',
      location: 'Vila Nova de Gaia',
      reminder: 60,
    },
    {
      day: 2,
      at: 18,
      minutes: 20,
      type: 'call',
      title: 'Call the Silva family about the offer',
      reminder: 10,
    },
    { day: 5, type: 'deadline', title: 'Deed documents to the bank', reminder: 24 * 60 },
  ],
};

export async function seedAgendaDemo(pool: UserPoolAccess): Promise<void> {
  const [
    { AgendaEvent },
    { Client },
    { isConditionFailure },
    { beginsWith },
    { reminderTime, syncReminder },
    time,
  ] = await Promise.all([
    import('#functions/agenda/entities'),
    import('#functions/clients/entities'),
    import('#platform/data/entity'),
    import('#platform/data/expression'),
    import('../functions/agenda/reminders.ts'),
    import('../functions/agenda/time.ts'),
  ]);
  const today = time.dateIn(new Date().toISOString(), TIME_ZONE);
  const seedWindow = {
    from: time.startOfDay(addDays(today, -2), TIME_ZONE),
    to: time.startOfDay(addDays(today, 7), TIME_ZONE),
  };

  for (const [email, week] of Object.entries(WEEKS)) {
    const agentId = await findCognitoUser(pool, email);
    if (!agentId) continue;
    const seeded = await AgendaEvent.query(
      'byStart',
      { agent_id: agentId },
      { between: seedWindow, filter: beginsWith('event_id', 'demo-'), limit: 1 },
    );
    if (seeded.items.length > 0) continue;
    const { items: clients } = await Client.query('byAgent', { agentId }, { limit: 5 }).catch(() => ({
      items: [] as Array<{ client_id: string }>,
    }));
    for (const [index, demo] of week.entries()) {
      const date = addDays(today, demo.day);
      const times =
        demo.at === undefined
          ? time.eventTimes({ all_day: true, start: date, time_zone: TIME_ZONE })
          : (() => {
              const start = Date.parse(time.startOfDay(date, TIME_ZONE)) + demo.at * 3_600_000;
              return time.eventTimes({
                all_day: false,
                start: new Date(start).toISOString(),
                end: new Date(start + (demo.minutes ?? 60) * 60_000).toISOString(),
                time_zone: TIME_ZONE,
              });
            })();
      const client =
        demo.client === undefined ? undefined : clients[demo.client % Math.max(clients.length, 1)];
      const now = new Date().toISOString();
      const draft = {
        agent_id: agentId,
        event_id: `demo-${today}-${index + 1}`,
        title: demo.title,
        type: demo.type,
        ...times,
        time_zone: TIME_ZONE,
        ...(demo.location ? { location: demo.location } : {}),
        ...(demo.notes ? { notes: demo.notes } : {}),
        ...(client ? { client_id: client.client_id } : {}),
        ...(demo.reminder !== undefined ? { reminder_minutes: demo.reminder } : {}),
        sequence: 0,
        created_at: now,
        updated_at: now,
      };
      const reminderAt = reminderTime(draft);
      try {
        const event = await AgendaEvent.create({
          ...draft,
          ...(reminderAt ? { reminder_at: reminderAt } : {}),
        });
        await syncReminder(agentId, undefined, event);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
}
