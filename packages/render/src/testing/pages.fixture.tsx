// Pages for the tests of renderThenHydrate. Each is loaded afresh as the server and as the browser.
import styled from '@emotion/styled';
import { useId } from 'react';

const Heading = styled.h1`
  color: ${({ theme }) => theme.color.primary};
`;

/** Renders the same wherever it runs. */
export function SteadyPage() {
  return (
    <main>
      <Heading>Steady</Heading>
      <p>The same on the server and in the browser.</p>
    </main>
  );
}

/** Its ids come from its place in the tree of whatever renders it. */
export function PositionalIdPage() {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Heading id={id}>Positional ids</Heading>
    </section>
  );
}

/** Reads the browser while rendering. */
export function BrowserOnlyPage() {
  return <Heading>{typeof window === 'undefined' ? 'On the server' : 'In the browser'}</Heading>;
}
