import type { ReactNode } from 'react';

/** A header menu's trigger, drawn by `Header` before the menus' code arrives and by each menu after. */
export interface MenuTriggerProps {
  label: string;
  className: string;
  children: ReactNode;
}
