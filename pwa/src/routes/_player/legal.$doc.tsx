import { createFileRoute, redirect } from '@tanstack/react-router';
import { LegalPage } from '../../features/legal/legal-page';
import { isLegalDoc, type LegalDocId } from '../../ui/legal-links';

// The legal text set (spec §2): description, privacy, caution, terms, hipaa. Any other name → /home.
export const Route = createFileRoute('/_player/legal/$doc')({
  beforeLoad: ({ params }) => {
    if (!isLegalDoc(params.doc)) throw redirect({ to: '/home', replace: true });
  },
  component: function Screen() {
    const { doc } = Route.useParams();
    return <LegalPage key={doc} doc={doc as LegalDocId} />;
  },
});
