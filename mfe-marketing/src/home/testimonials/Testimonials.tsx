import styled from '@emotion/styled';
import { Section } from '../Section.tsx';
import { testimonials } from './testimonials.ts';

const avatarSize = 64;

const Note = styled.p`
  margin: -0.75rem 0 1.5rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Grid = styled.div`
  display: grid;
  gap: 1.5rem;
  ${({ theme }) => theme.mq.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Quote = styled.figure`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  margin: 0;
  padding: 1.5rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  blockquote {
    flex: 1;
    margin: 0;
    font-size: 1.05rem;
    font-style: italic;
  }
  figcaption {
    display: flex;
    align-items: center;
    gap: 0.85rem;
    color: ${({ theme }) => theme.color.primary};
    font-weight: 700;
  }
  img {
    border-radius: ${({ theme }) => theme.radius.circle};
  }
`;

/** Three sample quotes, each with the speaker's name and avatar. */
export function Testimonials() {
  return (
    <Section title="What Players Say">
      <Note>Sample testimonials, written to show what players might tell us.</Note>
      <Grid>
        {testimonials.map(({ id, name, quote, avatar }) => (
          <Quote key={id}>
            <blockquote>
              <p>{quote}</p>
            </blockquote>
            <figcaption>
              <img
                src={avatar}
                width={avatarSize}
                height={avatarSize}
                alt={`Avatar of ${name}`}
                loading="lazy"
                decoding="async"
              />
              {name}
            </figcaption>
          </Quote>
        ))}
      </Grid>
    </Section>
  );
}
