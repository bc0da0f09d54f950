import { render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { describe, expect, it } from 'vitest';
import { SupportPanel } from './SupportPanel.tsx';

describe('SupportPanel', () => {
  it('gives the support e-mail, phone and hours from the site config', () => {
    render(
      <Providers>
        <SupportPanel />
      </Providers>,
    );
    const panel = screen.getByRole('region', { name: 'Support' });
    expect(panel).toHaveTextContent('Emailsupport@novareels.example');
    expect(panel).toHaveTextContent('Phone1-800-555-0142');
    expect(panel).toHaveTextContent('Hours24/7 Support');
    expect(screen.getByRole('link', { name: 'support@novareels.example' })).toHaveAttribute(
      'href',
      'mailto:support@novareels.example',
    );
    expect(screen.getByRole('link', { name: '1-800-555-0142' })).toHaveAttribute('href', 'tel:18005550142');
  });
});
