import { render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from '../privacy/PrivacyPage.tsx';
import { TermsPage } from '../terms/TermsPage.tsx';

const renderPage = (page: React.ReactNode) => render(<Providers>{page}</Providers>);

describe('the legal pages', () => {
  it('Terms: title, date and nine numbered sections in order', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms and Conditions');
    expect(screen.getByText('Last updated: June 15, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. Introduction',
      '2. Eligibility',
      '3. Account Registration',
      '4. Virtual Currency',
      '5. User Conduct',
      '6. Intellectual Property',
      '7. Disclaimer of Warranties',
      '8. Limitation of Liability',
      '9. Changes to Terms',
    ]);
    expect(document.title).toBe('Terms and Conditions · Nova Reels');
  });

  it('Privacy: title, date and eight numbered sections in order', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    expect(screen.getByText('Last updated: June 15, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. Disclosure',
      '5. Data Security',
      '6. Your Choices',
      "7. Children's Privacy",
      '8. Changes',
    ]);
  });

  it('the terms state the age limit, virtual currency and no real-money gambling', () => {
    const { container } = renderPage(<TermsPage />);
    expect(container).toHaveTextContent('aged 18 or older');
    expect(container).toHaveTextContent('virtual currency with no monetary value');
    expect(container).toHaveTextContent('no real-money gambling');
  });

  it('the privacy policy says the contact draft stays in the tab and under-18s are not addressed', () => {
    const { container } = renderPage(<PrivacyPage />);
    expect(container).toHaveTextContent('session storage');
    expect(container).toHaveTextContent('not directed at anyone under 18');
  });

  it('each section is a region named by its heading', () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('region', { name: '4. Virtual Currency' })).toHaveTextContent('no monetary value');
  });
});
