import { routes } from '@nova/contracts/routes';

/** The main links, in the header (both layouts) and the footer. */
export const mainLinks = [
  { to: routes.home.path, label: 'Home' },
  { to: routes.games.path, label: 'Games' },
  { to: routes.contact.path, label: 'Contact' },
] as const;

/** The legal documents, in the footer. */
export const legalLinks = [
  { to: routes.terms.path, label: 'Terms and Conditions' },
  { to: routes.privacy.path, label: 'Privacy Policy' },
] as const;
