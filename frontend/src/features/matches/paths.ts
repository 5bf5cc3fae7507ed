/**
 * The saved searches screen: where a saved search's match notification opens it
 * (contracts/listing-match.ts savedSearchMatchesLink). Kept out of app/paths.ts, which every screen loads.
 */
export const savedSearchesPath = '/saved-searches';
