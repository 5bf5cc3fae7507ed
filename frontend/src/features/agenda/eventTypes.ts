import { Calendar, Flag, type LucideIcon, Phone, Users } from 'lucide-react';
import { AGENDA_EVENT_TYPE_LABELS, AGENDA_EVENT_TYPES, type AgendaEventType } from '#contracts/agenda-values';

/** How each kind of event looks: its label, icon and the colour dot of the legend (agenda.css colours events). */
export const EVENT_TYPE_STYLES: Record<AgendaEventType, { label: string; icon: LucideIcon; dot: string }> = {
  viewing: { label: AGENDA_EVENT_TYPE_LABELS.viewing, icon: Calendar, dot: 'bg-brand-1' },
  meeting: { label: AGENDA_EVENT_TYPE_LABELS.meeting, icon: Users, dot: 'bg-sky-500' },
  call: { label: AGENDA_EVENT_TYPE_LABELS.call, icon: Phone, dot: 'bg-amber-500' },
  deadline: { label: AGENDA_EVENT_TYPE_LABELS.deadline, icon: Flag, dot: 'bg-rose-500' },
};

export const EVENT_TYPE_OPTIONS = AGENDA_EVENT_TYPES.map((type) => ({
  value: type,
  ...EVENT_TYPE_STYLES[type],
}));
