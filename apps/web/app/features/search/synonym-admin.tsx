import { useState, type FormEvent } from 'react';
import {
  checkSynonymFields,
  SYNONYM_MEANING_MAX,
  SYNONYM_TERM_MAX,
  type Synonym,
  type SynonymFields,
} from '@catalogue/shared/schemas/search';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { ConfirmDeleteDialog } from '~/components/admin/confirm-delete-dialog';
import { EmptyState, LoadingState } from '~/components/admin/states';
import { ApiError, apiRequest, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { useRouteWrite } from '~/lib/route-action';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';

/** The synonyms screen's writes, as its route's `clientAction` receives them. */
export type SynonymWrite =
  | ({ intent: 'create' } & SynonymFields)
  | ({ intent: 'update'; id: string } & SynonymFields)
  | { intent: 'remove'; id: string };

/** Performs one write of the synonyms screen (the route's `clientAction`). */
export function sendSynonymWrite(write: SynonymWrite): Promise<unknown> {
  if (write.intent === 'create') {
    return apiRequest('/search/synonyms', {
      method: 'POST',
      json: { term: write.term, meaning: write.meaning },
    });
  }
  const path = `/search/synonyms/${encodeURIComponent(write.id)}`;
  if (write.intent === 'update') {
    return apiRequest(path, { method: 'PUT', json: { term: write.term, meaning: write.meaning } });
  }
  return apiRequest(path, { method: 'DELETE' });
}

type FieldErrors = Partial<Record<keyof SynonymFields, string>>;

/** The field messages of a refused form: the shared rules in the browser, the server's issues after. */
function errorsOf(issues: ReadonlyArray<{ path: string; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (issue.path === 'term' || issue.path === 'meaning') errors[issue.path] ??= issue.message;
  }
  return errors;
}

type SynonymFormProps = {
  initial: SynonymFields;
  submitText: string;
  busyText: string;
  /** Saves; a rejection with field issues shows them beside the fields. */
  onSave: (fields: SynonymFields) => Promise<void>;
  onCancel?: () => void;
  idPrefix: string;
};

/** Term and meaning, checked by the same rules as the server before anything is sent. */
function SynonymForm({ initial, submitText, busyText, onSave, onCancel, idPrefix }: SynonymFormProps) {
  const { t } = useTranslation('search');
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkSynonymFields(fields);
    if (!checked.ok) {
      setErrors(errorsOf(checked.issues));
      return;
    }
    setErrors({});
    setIsSaving(true);
    try {
      await onSave(checked.value);
      if (!onCancel) setFields({ term: '', meaning: '' });
    } catch (error) {
      const issues = error instanceof ApiError ? errorsOf(error.issues) : {};
      if (Object.keys(issues).length) setErrors(issues);
      else setFailure(serverReason(error, t('admin.saveFailed')));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <TextField
        id={`${idPrefix}-term`}
        label={t('admin.term')}
        hint={t('admin.termHint')}
        value={fields.term}
        maxLength={SYNONYM_TERM_MAX * 2}
        required
        error={errors.term}
        onChange={(event) => setFields({ ...fields, term: event.target.value })}
      />
      <TextField
        id={`${idPrefix}-meaning`}
        label={t('admin.meaning')}
        hint={t('admin.meaningHint')}
        value={fields.meaning}
        maxLength={SYNONYM_MEANING_MAX * 2}
        required
        error={errors.meaning}
        onChange={(event) => setFields({ ...fields, meaning: event.target.value })}
      />
      <div className="flex items-start gap-2 sm:pt-6">
        <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? busyText : submitText}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
            {t('admin.cancel')}
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The synonyms screen: every term with its meaning, a form to add one, and per row Edit (the row
 * becomes a form) and Remove (after a confirmation). Each change goes through the route's
 * `clientAction`, after which the router reloads the list; searches use it at once. `loaded` is the route loader's list, null while the page starts.
 */
export function SynonymAdmin({ loaded }: { loaded: Loaded<{ synonyms: Synonym[] }> | null }) {
  const { t } = useTranslation('search');
  const query = useLoadedQuery(loaded);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Synonym | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // One fetcher per kind of write, so adding one synonym while another is edited keeps both.
  const creating = useRouteWrite<SynonymWrite>();
  const updating = useRouteWrite<SynonymWrite>();
  const deleting = useRouteWrite<SynonymWrite>();

  async function create(fields: SynonymFields) {
    await creating.write({ intent: 'create', ...fields });
    setNotice(t('admin.added'));
  }

  async function update(id: string, fields: SynonymFields) {
    await updating.write({ intent: 'update', id, ...fields });
    setEditing(null);
    setNotice(t('admin.updated'));
  }

  async function remove(synonym: Synonym) {
    await deleting.write({ intent: 'remove', id: synonym.id });
    setRemoving(null);
    setNotice(t('admin.removed'));
  }

  const synonyms = query.data?.synonyms ?? [];

  return (
    <div className="space-y-6">
      <p className="max-w-3xl text-gray-700">{t('admin.intro')}</p>
      <div className="rounded-md border border-gray-200 bg-white p-4">
        <SynonymForm
          idPrefix="new-synonym"
          initial={{ term: '', meaning: '' }}
          submitText={t('admin.add')}
          busyText={t('admin.adding')}
          onSave={create}
        />
      </div>
      {notice ? <Notice tone="success" text={notice} /> : null}
      {query.isLoading && !query.data ? <LoadingState text={t('admin.loading')} /> : null}
      {query.error ? (
        <Notice tone="error" text={t('admin.failed')} detail={query.error.message}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={query.reload}>
            {t('admin.retry')}
          </Button>
        </Notice>
      ) : null}
      {query.data && synonyms.length === 0 ? <EmptyState text={t('admin.empty')} /> : null}
      {synonyms.length > 0 ? (
        <div>
          <p className="mb-2 text-sm text-gray-700">{t('admin.count', { count: synonyms.length })}</p>
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
            {synonyms.map((synonym) => (
              <li key={synonym.id} className="p-3">
                {editing === synonym.id ? (
                  <SynonymForm
                    idPrefix={`synonym-${synonym.id}`}
                    initial={{ term: synonym.term, meaning: synonym.meaning }}
                    submitText={t('admin.save')}
                    busyText={t('admin.saving')}
                    onSave={(fields) => update(synonym.id, fields)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <span className="min-w-32 font-semibold text-ink">{synonym.term}</span>
                    <span aria-hidden="true" className="text-gray-500">
                      →
                    </span>
                    <span className="flex-1 text-gray-800">{synonym.meaning}</span>
                    <span className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('admin.editLabel', { term: synonym.term })}
                        onClick={() => {
                          setNotice(null);
                          setEditing(synonym.id);
                        }}
                      >
                        {t('admin.edit')}
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={t('admin.removeLabel', { term: synonym.term })}
                        onClick={() => setRemoving(synonym)}
                      >
                        {t('admin.remove')}
                      </Button>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmDeleteDialog
        open={removing !== null}
        question={removing ? t('admin.removeConfirm', { term: removing.term }) : ''}
        onCancel={() => setRemoving(null)}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </div>
  );
}
