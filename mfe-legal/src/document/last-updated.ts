/** Both legal documents were last revised together. */
export const legalLastUpdated = 'June 15, 2025';
