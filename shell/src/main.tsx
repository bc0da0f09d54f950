import { Providers } from '@nova/ui/providers';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './federation/provided-to-slices.ts';
import { startPreview } from './federation/preview.ts';
import { replaceWithCanonicalPath } from './navigation/canonical-path.ts';
import { createRouter } from './router.tsx';

replaceWithCanonicalPath();
startPreview();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
