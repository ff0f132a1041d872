import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  ATTRIBUTE_KINDS,
  type AttributeKind,
  type AttributeLists,
  type AttributeValue,
} from '@catalogue/shared/schemas/attributes';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useRouteWrite } from '~/lib/route-action';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';

/** The lists screen's writes, as its route's `clientAction` receives them. */
export type AttributeWrite =
  | { intent: 'reorder'; kind: AttributeKind; ids: string[] }
  | { intent: 'add'; kind: AttributeKind; labelEn: string; labelHi: string; slug: string }
  | { intent: 'rename'; kind: AttributeKind; id: string; labelEn: string; labelHi: string }
  | { intent: 'remove'; kind: AttributeKind; id: string };

/** Performs one write of the lists screen (the route's `clientAction`). */
export function sendAttributeWrite(write: AttributeWrite): Promise<unknown> {
  const list = `/attributes/admin/${write.kind}`;
  switch (write.intent) {
    case 'reorder':
      return apiRequest(`${list}/order`, { method: 'PUT', json: { ids: write.ids } });
    case 'add':
      return apiRequest(list, {
        method: 'POST',
        json: {
          labelEn: write.labelEn,
          labelHi: write.labelHi,
          ...(write.slug.trim() ? { slug: write.slug } : {}),
        },
      });
    case 'rename':
      return apiRequest(`${list}/${write.id}`, {
        method: 'PUT',
        json: { labelEn: write.labelEn, labelHi: write.labelHi },
      });
    case 'remove':
      return apiRequest(`${list}/${write.id}`, { method: 'DELETE' });
  }
}

type Flash = { tone: 'success' | 'error'; text: string; detail?: string } | null;

const reasonOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

function RenameForm({
  value,
  onSave,
  onCancel,
}: {
  value: AttributeValue;
  onSave: (labels: { labelEn: string; labelHi: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('filters-admin');
  const [labelEn, setLabelEn] = useState(value.labelEn);
  const [labelHi, setLabelHi] = useState(value.labelHi);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    try {
      await onSave({ labelEn, labelHi });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <TextField
        label={t('admin.labelEn')}
        value={labelEn}
        onChange={(e) => setLabelEn(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label={t('admin.labelHi')}
        value={labelHi}
        onChange={(e) => setLabelHi(e.target.value)}
        lang="hi"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isBusy}>
          {t('admin.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

function KindSection({
  kind,
  values,
  setFlash,
}: {
  kind: AttributeKind;
  values: AttributeValue[];
  setFlash: (flash: Flash) => void;
}) {
  const { t } = useTranslation('filters-admin');
  const { t: tFilters } = useTranslation('filters');
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState({ labelEn: '', labelHi: '', slug: '' });
  // The list's writes go through the route's action; the router reloads the lists after each.
  const writer = useRouteWrite<AttributeWrite>();
  const isBusy = writer.isPending;
  const kindName = tFilters(`facets.${kind}`);

  const run = async (write: AttributeWrite, success: string) => {
    try {
      await writer.write(write);
      setFlash({ tone: 'success', text: success });
      return true;
    } catch (error) {
      setFlash({ tone: 'error', text: t('admin.notSaved'), detail: reasonOf(error) });
      return false;
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = values.map((v) => v.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    return run({ intent: 'reorder', kind, ids }, t('admin.reordered'));
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(
      { intent: 'add', kind, ...draft },
      t('admin.added', { value: draft.labelEn.trim() }),
    );
    if (ok) setDraft({ labelEn: '', labelHi: '', slug: '' });
  };

  return (
    <section aria-labelledby={`list-${kind}`} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`list-${kind}`} className="mb-3 font-serif text-xl text-brand-900">
        {kindName}
      </h2>
      {values.length === 0 ? <p className="mb-3 text-sm text-gray-700">{t('admin.empty')}</p> : null}
      <ol className="divide-y divide-gray-200" aria-label={t('admin.kindLabel', { kind: kindName })}>
        {values.map((value, index) => (
          <li key={value.id} className="py-2" data-value={value.slug}>
            {editing === value.id ? (
              <RenameForm
                value={value}
                onCancel={() => setEditing(null)}
                onSave={async (labels) => {
                  const ok = await run(
                    { intent: 'rename', kind, id: value.id, ...labels },
                    t('admin.renamed', { value: labels.labelEn.trim() }),
                  );
                  if (ok) setEditing(null);
                }}
              />
            ) : (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <div className="min-w-40 flex-1">
                  <p className="font-medium text-ink">
                    {value.labelEn}{' '}
                    <span className="text-gray-700" lang="hi">
                      {value.labelHi ? `· ${value.labelHi}` : ''}
                    </span>
                  </p>
                  <p className="text-xs text-gray-600">
                    <code>{value.slug}</code> · {t('admin.products', { count: value.productCount ?? 0 })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('admin.moveUp', { value: value.labelEn })}
                    disabled={isBusy || index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('admin.moveDown', { value: value.labelEn })}
                    disabled={isBusy || index === values.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('admin.renameFor', { value: value.labelEn })}
                    onClick={() => setEditing(value.id)}
                  >
                    {t('admin.rename')}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={t('admin.removeFor', { value: value.labelEn })}
                    disabled={isBusy}
                    onClick={() => {
                      if (!window.confirm(t('admin.confirmRemove', { value: value.labelEn }))) return;
                      void run(
                        { intent: 'remove', kind, id: value.id },
                        t('admin.removed', { value: value.labelEn }),
                      );
                    }}
                  >
                    {t('admin.remove')}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <form
        onSubmit={add}
        className="mt-4 grid gap-3 border-t border-gray-200 pt-4 md:grid-cols-3 md:items-start"
      >
        <TextField
          label={t('admin.labelEn')}
          value={draft.labelEn}
          onChange={(e) => setDraft({ ...draft, labelEn: e.target.value })}
          required
          maxLength={60}
        />
        <TextField
          label={t('admin.labelHi')}
          value={draft.labelHi}
          onChange={(e) => setDraft({ ...draft, labelHi: e.target.value })}
          lang="hi"
          maxLength={60}
        />
        <TextField
          label={t('admin.slug')}
          hint={t('admin.slugHint')}
          value={draft.slug}
          onChange={(e) => setDraft({ ...draft, slug: e.target.value })}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={40}
        />
        <div className="md:col-span-3">
          <Button type="submit" disabled={isBusy}>
            {t('admin.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The admin screen of the metal, finish, stone and colour lists; `loaded` is the route loader's
 * answer, null while the page starts.
 */
export function AttributeListsEditor({ loaded }: { loaded: Loaded<AttributeLists> | null }) {
  const { t } = useTranslation('filters-admin');
  const query = useLoadedQuery(loaded);
  const [flash, setFlash] = useState<Flash>(null);
  if (query.isLoading && !query.data) {
    return (
      <div className="py-12">
        <Spinner size="lg" label={t('admin.loading')} />
      </div>
    );
  }
  if (query.error || !query.data) {
    return (
      <LoadError
        message={t('admin.failed')}
        detail={query.error?.message}
        onRetry={query.reload}
        retryLabel={t('admin.retry')}
      />
    );
  }
  const lists = query.data;
  return (
    <div className="space-y-6">
      {flash ? <Notice tone={flash.tone} text={flash.text} detail={flash.detail} /> : null}
      {ATTRIBUTE_KINDS.map((kind) => (
        <KindSection key={kind} kind={kind} values={lists[kind]} setFlash={setFlash} />
      ))}
    </div>
  );
}
