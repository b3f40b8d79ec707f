/** The product's name: a name, the same in every language, so not in the catalogues. */
export const BRAND = 'Sellflow';
