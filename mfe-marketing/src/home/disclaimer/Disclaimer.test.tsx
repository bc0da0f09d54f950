import { render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { siteConfig } from '@nova/ui/site-config';
import { expect, it } from 'vitest';
import { Disclaimer } from './Disclaimer.tsx';

it('states virtual currency only, no real-money gambling, the minimum age and responsible play', () => {
  render(
    <Providers>
      <Disclaimer />
    </Providers>,
  );
  const notice = screen.getByRole('region', { name: 'Important Information' });
  expect(notice).toHaveTextContent(`${siteConfig.brand} uses virtual currency only`);
  expect(notice).toHaveTextContent('Coins have no real-world value');
  expect(notice).toHaveTextContent('There is no real-money gambling on this site');
  expect(notice).toHaveTextContent(`Our games are for adults aged ${siteConfig.minimumAge} or older`);
  expect(notice).toHaveTextContent('Play responsibly');
});
