/** Product name and tagline; index.html's <title> repeats them (spec §1: product name plus a tagline). */
export const PRODUCT_NAME = 'EstateNet';
export const TAGLINE = 'The collaboration network for real-estate agents';
