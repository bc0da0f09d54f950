import { LegalDocument } from '../document/LegalDocument.tsx';
import { legalLastUpdated } from '../document/last-updated.ts';
import { termsSections } from './terms-sections.tsx';

export function TermsPage() {
  return <LegalDocument title="Terms and Conditions" lastUpdated={legalLastUpdated} sections={termsSections} />;
}
