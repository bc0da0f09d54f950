import styled from '@emotion/styled';
import type { ReactNode, Ref } from 'react';

const Region = styled.section`
  margin-top: 4.5rem;
  ${({ theme }) => theme.mq.md} {
    margin-top: 6rem;
  }
`;

const Heading = styled.h2`
  margin: 0 0 1.5rem;
  font-size: clamp(1.6rem, 4vw, 2.25rem);
  color: ${({ theme }) => theme.color.text};
  /* Leaves room for the fixed header when the page scrolls to this heading. */
  scroll-margin-top: calc(${({ theme }) => theme.layout.headerHeight} + 1.5rem);
`;

interface SectionProps {
  title: string;
  /** Set when code moves focus to this heading; the heading then takes programmatic focus. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}

/** A heading's id, from its title: the same wherever the page renders ("What Players Say" → what-players-say-heading). */
export const headingIdOf = (title: string) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;

/** One region of Home, named by its h2. */
export function Section({ title, headingRef, className, children }: SectionProps) {
  const headingId = headingIdOf(title);
  return (
    <Region aria-labelledby={headingId} className={className}>
      <Heading id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Heading>
      {children}
    </Region>
  );
}
