/** The main links, in the header (both layouts) and the footer. */
export const mainLinks = [
  { to: '/', label: 'Home' },
  { to: '/games', label: 'Games' },
  { to: '/contact', label: 'Contact' },
] as const;

export const legalLinks = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
] as const;
