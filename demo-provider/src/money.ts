/** Formats an amount of virtual coins as the launch's currency in its locale, e.g. “€1,000.00”. */
export function coinFormatter(lang: string, currency: string): (coins: number) => string {
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency });
  return (coins) => format.format(coins);
}
