import { useSearchParams } from 'react-router';
import type { Route } from './+types/selection-edit';
import { adminMeta } from '~/features/seo/admin-meta';
import { SelectionEditor } from '~/features/selections-admin/selection-editor';

/**
 * One selection (`/selections/:id`; `/selections/new` makes one). `?listing=` names a catalogue
 * listing or search whose designs (with its filters) the editor offers to add at once.
 */
export default function SelectionEditPage({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <section>
      <SelectionEditor key={params.id} id={params.id} initialListing={search.get('listing') ?? ''} />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, args.params.id === 'new' ? 'editor.newTitle' : 'list.title', 'selections-admin');
}
