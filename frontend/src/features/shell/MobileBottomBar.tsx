import clsx from 'clsx';
import { Bookmark, Mail, Plus } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { useAddProperty } from './useAddProperty.ts';

const item =
  'flex flex-1 flex-col items-center justify-center gap-1 py-2 text-[0.6875rem] font-semibold text-slate-600';

/** The mobile bottom bar (spec §2): Add Property, Saved, Mail; Mail also goes to add-property. */
export function MobileBottomBar() {
  const { addProperty } = useAddProperty();
  return (
    <nav
      aria-label="Quick actions"
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <button type="button" onClick={addProperty} className={item}>
        <span className="flex size-8 items-center justify-center rounded-full bg-brand-2 text-white shadow-sm">
          <Plus className="size-4.5" aria-hidden="true" />
        </span>
        Add Property
      </button>
      <NavLink
        to={paths.savedProperties}
        className={({ isActive }) => clsx(item, isActive && 'text-brand-2')}
      >
        <span className="flex size-8 items-center justify-center">
          <Bookmark className="size-5" aria-hidden="true" />
        </span>
        Saved
      </NavLink>
      <button type="button" onClick={addProperty} className={item}>
        <span className="flex size-8 items-center justify-center">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        Mail
      </button>
    </nav>
  );
}
