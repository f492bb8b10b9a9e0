import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '../../features/verify/verify-screen';

// A provider checking a report's QR code: the server's record of that result.
export const Route = createFileRoute('/_player/verify/$id')({
  staticData: { noBack: true },
  component: function Screen() {
    const { id } = Route.useParams();
    return <VerifyScreen id={id} />;
  },
});
