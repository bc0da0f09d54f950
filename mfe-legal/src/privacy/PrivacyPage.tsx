import { LegalDocument } from '../document/LegalDocument.tsx';
import { legalLastUpdated } from '../document/last-updated.ts';
import { privacySections } from './privacy-sections.tsx';

export function PrivacyPage() {
  return <LegalDocument title="Privacy Policy" lastUpdated={legalLastUpdated} sections={privacySections} />;
}
