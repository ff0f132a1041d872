import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  selectionAnswerSchema,
  type Selection,
  type SelectionLink,
} from '@catalogue/shared/schemas/selection';
import { Button } from '~/components/ui/button';
import { TextAreaField, TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { apiRequest, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { withPrefix } from '~/lib/prefix';
import { useApiQuery } from '~/lib/use-api-query';
import { ActivityPanel } from './activity-panel';
import { DeleteSelection } from './delete-selection';
import { DesignAdder } from './design-adder';
import { DesignList, type EditorDesign } from './design-list';
import { LinksPanel } from './links-panel';

type Draft = { title: string; note: string; internalNote: string; designs: EditorDesign[] };
type Outcome = { tone: 'success' | 'error'; text: string; detail?: string | undefined };

const draftOf = (s: Selection): Draft => ({
  title: s.title,
  note: s.note,
  internalNote: s.internalNote,
  designs: s.products,
});

const sameDraft = (a: Draft, b: Draft) =>
  a.title === b.title &&
  a.note === b.note &&
  a.internalNote === b.internalNote &&
  a.designs.length === b.designs.length &&
  a.designs.every((d, i) => d._id === b.designs[i]!._id);

/**
 * One selection (`/selections/:id`, or `new`): its name and notes, its designs in order (moved,
 * removed, added one by one, from a listing or from pasted codes), saved together; then its links
 * and who opened them. A new selection is made on its first save (the server needs its designs).
 */
export function SelectionEditor({ id, initialListing }: { id: string; initialListing: string }) {
  const { t } = useTranslation('selections-admin');
  const isNew = id === 'new';
  const loaded = useApiQuery(isNew ? null : `/selections/${encodeURIComponent(id)}`, selectionAnswerSchema);
  const back = (
    <PrefixedLink to="/selections" className="text-sm text-brand-900 underline">
      {t('editor.back')}
    </PrefixedLink>
  );
  if (!isNew && loaded.error) {
    return (
      <div className="space-y-4">
        {back}
        <LoadError
          message={loaded.error.status === 404 ? t('editor.notFound') : t('editor.failed')}
          detail={loaded.error.message}
          onRetry={loaded.error.status === 404 ? undefined : loaded.reload}
          retryLabel={t('editor.retry')}
        />
      </div>
    );
  }
  if (!isNew && !loaded.data)
    return <Spinner size="lg" label={t('editor.loading')} className="w-full py-16" />;
  return (
    <div className="space-y-6">
      {back}
      <EditorForm saved={loaded.data?.selection ?? null} initialListing={initialListing} />
    </div>
  );
}

function EditorForm({ saved: first, initialListing }: { saved: Selection | null; initialListing: string }) {
  const { t } = useTranslation('selections-admin');
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState<Selection | null>(first);
  const empty: Draft = { title: '', note: '', internalNote: '', designs: [] };
  const [draft, setDraft] = useState<Draft>(first ? draftOf(first) : empty);
  const [isSaving, setIsSaving] = useState(false);
  const [problems, setProblems] = useState<{ title?: string; designs?: string }>({});
  const wasCreated = (location.state as { created?: boolean } | null)?.created === true;
  const [outcome, setOutcome] = useState<Outcome | null>(
    wasCreated ? { tone: 'success', text: t('editor.created') } : null,
  );
  useEffect(() => setSaved(first), [first]);

  const isDirty = !sameDraft(draft, saved ? draftOf(saved) : empty);
  const change = (fields: Partial<Draft>) => setDraft((d) => ({ ...d, ...fields }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(draft.title.trim() ? {} : { title: t('editor.needName') }),
      ...(draft.designs.length ? {} : { designs: t('editor.needDesigns') }),
    };
    setProblems(found);
    setOutcome(null);
    if (found.title || found.designs) return;
    setIsSaving(true);
    const body = {
      title: draft.title.trim(),
      note: draft.note.trim(),
      internalNote: draft.internalNote.trim(),
      productIds: draft.designs.map((d) => d._id),
    };
    try {
      if (!saved) {
        const answer = await apiRequest<{ selection: Selection }>('/selections', { json: body });
        void navigate(withPrefix(location.pathname, `/selections/${answer.selection._id}`), {
          replace: true,
          state: { created: true },
        });
        return;
      }
      const answer = await apiRequest<{ selection: Selection }>(`/selections/${saved._id}`, {
        method: 'PUT',
        json: { ...body, version: saved.version },
      });
      setSaved(answer.selection);
      setDraft(draftOf(answer.selection));
      setOutcome({ tone: 'success', text: t('editor.saved') });
    } catch (caught) {
      const text = t('editor.saveFailed');
      // The server's own words: the 500-design limit, a stale version, an unknown design.
      setOutcome({ tone: 'error', text, detail: serverReason(caught, text) });
    } finally {
      setIsSaving(false);
    }
  }

  const title = saved ? t('editor.title', { title: saved.title }) : t('editor.newTitle');
  return (
    <>
      <h1 className="font-serif text-3xl text-brand-900">{title}</h1>
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-6">
        <section aria-labelledby="selection-details" className="max-w-3xl space-y-3">
          <h2 id="selection-details" className="sr-only">
            {t('editor.details')}
          </h2>
          <TextField
            label={t('editor.name')}
            value={draft.title}
            maxLength={200}
            required
            error={problems.title}
            onChange={(event) => change({ title: event.target.value })}
          />
          <TextAreaField
            label={t('editor.note')}
            value={draft.note}
            maxLength={2000}
            rows={3}
            onChange={(event) => change({ note: event.target.value })}
          />
          <TextAreaField
            label={t('editor.internalNote')}
            value={draft.internalNote}
            maxLength={2000}
            rows={2}
            onChange={(event) => change({ internalNote: event.target.value })}
          />
        </section>
        <DesignList designs={draft.designs} onChange={(designs) => change({ designs })} />
        {problems.designs ? (
          <p role="alert" className="text-sm text-red-700">
            {problems.designs}
          </p>
        ) : null}
        <DesignAdder
          designs={draft.designs}
          initialListing={initialListing}
          onAdd={(added) =>
            setDraft((d) => {
              const kept = new Set(d.designs.map((x) => x._id));
              return { ...d, designs: [...d.designs, ...added.filter((x) => !kept.has(x._id))] };
            })
          }
        />
        <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-gray-200 bg-white/95 py-3">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? t('editor.saving') : saved ? t('editor.save') : t('editor.create')}
          </Button>
          {isDirty ? <span className="text-sm text-gray-700">{t('editor.unsaved')}</span> : null}
        </div>
        {outcome ? <Notice tone={outcome.tone} text={outcome.text} detail={outcome.detail} /> : null}
      </form>
      {saved ? (
        <>
          <LinksPanel
            selection={saved}
            onLinksChange={(links: SelectionLink[]) => setSaved((s) => (s ? { ...s, links } : s))}
          />
          <ActivityPanel
            selectionId={saved._id}
            version={saved.links.map((l) => `${l._id}:${l.revokedAt ?? ''}`).join(',')}
          />
          <DeleteSelection selection={saved} />
        </>
      ) : (
        <p className="text-gray-700">{t('links.saveFirst')}</p>
      )}
    </>
  );
}
