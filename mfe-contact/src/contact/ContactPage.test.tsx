import { render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { describe, expect, it } from 'vitest';
import { ContactPage } from './ContactPage.tsx';

describe('ContactPage', () => {
  it('is titled Contact · Nova Reels and shows the form beside the support panel', () => {
    render(
      <Providers>
        <ContactPage />
      </Providers>,
    );
    expect(document.title).toBe('Contact · Nova Reels');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact Us');
    expect(screen.getByRole('form', { name: 'Send Us a Message' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Support' })).toBeInTheDocument();
  });
});
