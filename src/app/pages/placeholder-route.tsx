import { PlaceholderPage } from '../../features/pages/placeholder-page';
import { useCurrentEntry } from '../route-handle';

export function PlaceholderRoute() {
  const { entry } = useCurrentEntry();
  if (!entry) return null;
  return <PlaceholderPage titleId={entry.titleId} descriptionId={entry.descriptionId} />;
}
