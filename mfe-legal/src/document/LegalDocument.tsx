import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  sections: readonly LegalSection[];
}

const Article = styled.article`
  max-width: 75ch;
  section {
    margin-top: 2.25rem;
  }
  h2 {
    color: ${({ theme }) => theme.color.primary};
    font-size: 1.4rem;
  }
  p,
  li {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Updated = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-style: italic;
`;

/** A static legal page: its title, when it was last updated, and its numbered sections. */
export function LegalDocument({ title, lastUpdated, sections }: LegalDocumentProps) {
  return (
    <PageContainer>
      <title>{pageTitle(title)}</title>
      <Article>
        <PageHeading>{title}</PageHeading>
        <Updated>Last updated: {lastUpdated}</Updated>
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`section-${index + 1}`}>
            <h2 id={`section-${index + 1}`}>
              {index + 1}. {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </Article>
    </PageContainer>
  );
}
