/**
 * The saved searches: a tab of the Saved page (/properties/saved), beside the saved properties; a saved
 * search's match notification opens it there (contracts/listing-match.ts savedSearchMatchesLink).
 */
export const savedSearchesPath = '/properties/saved?tab=searches';
