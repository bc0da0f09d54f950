import styled from '@emotion/styled';

/** Our own five steps; they hold for every slot in the catalogue. */
const howToPlaySteps = [
  'Give the demo a moment to load in the frame above. It starts you off with a balance of virtual coins.',
  "Choose your bet with the game's bet controls: it only sets how many virtual coins each spin uses.",
  'Press the spin button and watch the reels turn.',
  "Line up matching symbols on a payline to win more coins. The game's paytable shows what every symbol is worth.",
  'Play for as long as it is fun and take a break whenever you like. Reload the page to start over with a fresh balance.',
] as const;

const Section = styled.section`
  margin-top: 3rem;
  max-width: 70ch;
  ol {
    display: grid;
    gap: 0.6rem;
    padding-left: 1.5rem;
  }
  li {
    color: ${({ theme }) => theme.color.textMuted};
  }
  li::marker {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 700;
  }
`;

export function HowToPlay() {
  return (
    <Section aria-labelledby="how-to-play-heading">
      <h2 id="how-to-play-heading">How to Play</h2>
      <ol>
        {howToPlaySteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Section>
  );
}
