import { createContext, type Dispatch, type ReactNode, useContext, useReducer } from 'react';
import { initialWebsiteState, type WebsiteAction, type WebsiteState, websiteSlice } from './websiteSlice.ts';

/**
 * The website slice's store for the editor route: a reducer kept by React rather than in the app store, so
 * the slice (and the editor folder it belongs to) stays out of every other route's bundle.
 */
const WebsiteContext = createContext<{ state: WebsiteState; dispatch: Dispatch<WebsiteAction> } | null>(null);

export function WebsiteProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(websiteSlice.reducer, initialWebsiteState);
  return <WebsiteContext value={{ state, dispatch }}>{children}</WebsiteContext>;
}

export function useWebsiteState() {
  const context = useContext(WebsiteContext);
  if (!context) throw new Error('useWebsiteState needs a WebsiteProvider');
  return context;
}
