/** Brand and contact values: every slice reads them from here, none hard-codes them. */
export const siteConfig = {
  brand: 'Nova Reels',
  tagline: 'Your portal to futuristic fun in the world of social casino gaming.',
  homeTitle: 'Nova Reels — Futuristic Social Casino Demos',
  supportEmail: 'support@novareels.example',
  supportPhone: '1-800-555-0142',
  supportHours: '24/7 Support',
  publisher: 'Nova Reels Interactive',
  minimumAge: 18,
} as const;

/** The document title of any page but Home: `<Page> · Nova Reels`. */
export function pageTitle(page: string): string {
  return `${page} · ${siteConfig.brand}`;
}
