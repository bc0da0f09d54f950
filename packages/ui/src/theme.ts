import '@emotion/react';

const breakpoints = { md: 768, lg: 1024 } as const;

/** Design tokens: the one theme the shell and every harness provide. */
export const theme = {
  color: {
    background: '#070b1a',
    surface: '#10172e',
    surfaceRaised: '#18213f',
    border: '#2a3560',
    text: '#eef1fb',
    textMuted: '#b4bcd9',
    primary: '#22d3ee',
    accent: '#e879f9',
    gold: '#fcd34d',
    success: '#4ade80',
    danger: '#fb7185',
    onPrimary: '#070b1a',
    headerScrolled: 'rgba(7, 11, 26, 0.94)',
    /** The night sky's lighter top, fading into `background`. */
    backgroundTop: '#131c3d',
    star: '#fff',
    /** A light tint over a hovered item. */
    hover: 'rgba(255, 255, 255, 0.08)',
    shadow: 'rgba(0, 0, 0, 0.45)',
    /** What dims the page behind a modal dialog. */
    backdrop: 'rgba(3, 5, 12, 0.75)',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    display: "'Trebuchet MS', system-ui, sans-serif",
  },
  radius: { sm: '6px', md: '12px', lg: '20px', round: '999px', circle: '50%' },
  layout: { maxWidth: '1200px', headerHeight: '4rem', gutter: '1.25rem' },
  breakpoints,
  mq: {
    md: `@media (min-width: ${breakpoints.md}px)`,
    lg: `@media (min-width: ${breakpoints.lg}px)`,
  },
} as const;

export type NovaTheme = typeof theme;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends NovaTheme {}
}
