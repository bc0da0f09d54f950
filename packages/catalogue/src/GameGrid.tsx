import type { Theme } from '@emotion/react';
import styled from '@emotion/styled';

/** How many columns a game grid has from each breakpoint up; one below them all. */
const columnsFrom = [
  ['md', 2],
  ['lg', 3],
] as const satisfies readonly (readonly [keyof Theme['breakpoints'], number])[];

/** A list of game cards: one column on phones, two from `md`, three from `lg`. */
export const GameGrid = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) =>
    columnsFrom.map(
      ([from, columns]) => `${theme.mq[from]} { grid-template-columns: repeat(${columns}, minmax(0, 1fr)); }`,
    )}
`;

/** The `sizes` of a card's image in a game grid: the card's share of the viewport, widest first. */
export const gameCardImageSizes = ({ breakpoints }: Theme) =>
  [
    ...[...columnsFrom]
      .reverse()
      .map(([from, columns]) => `(min-width: ${breakpoints[from]}px) ${Math.floor(100 / columns)}vw`),
    '100vw',
  ].join(', ');
