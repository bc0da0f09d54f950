import styled from '@emotion/styled';
import { siteConfig } from '@nova/ui/site-config';
import { Section } from '../Section.tsx';

const Intro = styled.p`
  margin: 0 0 2rem;
  max-width: 70ch;
  font-size: 1.1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Features = styled.ul`
  display: grid;
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.mq.md} {
    grid-template-columns: repeat(2, 1fr);
    li:last-of-type {
      grid-column: 1 / -1;
    }
  }
  li {
    padding: 1.25rem 1.5rem;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
  }
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.color.primary};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const features = [
  {
    title: 'Free-to-play demos',
    text: 'Every game runs as a demo in your browser. There is nothing to buy and no account to create.',
  },
  {
    title: 'Virtual currency',
    text: 'You play with virtual coins. They have no real-world value and can never be cashed out or exchanged for money.',
  },
  {
    title: 'Daily rewards',
    text: 'Come back each day for a fresh bundle of free virtual coins to keep the reels turning.',
  },
  {
    title: 'Play together',
    text: 'Add friends, compare scores and climb the leaderboards: the fun is better shared.',
  },
  {
    title: 'Safe gaming',
    text: `Our games are for adults aged ${siteConfig.minimumAge} or older and are meant as entertainment only. Play for fun, take breaks and stop when it stops being fun.`,
  },
] as const;

/** What the portal is and what it offers. */
export function About() {
  return (
    <Section title={`About ${siteConfig.brand}`}>
      <Intro>
        {siteConfig.brand} is a social casino portal: a place to try slot-style games for free, just for fun. There is
        no real-money gambling here, and nothing you win can be paid out.
      </Intro>
      <Features>
        {features.map(({ title, text }) => (
          <li key={title}>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </Features>
    </Section>
  );
}
