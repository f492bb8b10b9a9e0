import { createFileRoute } from '@tanstack/react-router';
import { DeviceList } from '../../../features/devices/device-list';
import { deviceListQuery } from '../../../features/devices/queries';
import { validateDeviceSearch } from '../../../features/devices/search';
import { requireStaff } from '../../../lib/guards';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/devices')({
  validateSearch: validateDeviceSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(deviceListQuery(deps)),
  component: DevicesScreen,
});

function DevicesScreen() {
  return <DeviceList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
