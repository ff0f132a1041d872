import { useEffect, useState, type FormEvent } from 'react';
import {
  businessSettingsAnswerSchema,
  businessSettingsSchema,
  type BusinessSettingsAnswer,
} from '@catalogue/shared/schemas/business-settings';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { queryPlaceholder } from '~/components/ui/query-placeholder';
import { ApiError, apiRequest, checkAnswer } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';

/** The form's boxes, named by the API's field paths. */
const FIELDS = [
  'gstin',
  'iec',
  'lutArn',
  'bank.name',
  'bank.accountName',
  'bank.accountNumber',
  'bank.ifsc',
  'bank.swift',
  'bank.branch',
] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

/** The examples the hints show: codes, the same in every language. */
const EXAMPLES: Partial<Record<Field, string>> = {
  gstin: '08ABCDE1234F1Z5',
  iec: 'ABCDE1234F',
  lutArn: 'AD080324000123X',
  'bank.ifsc': 'SBIN0001234',
  'bank.swift': 'SBININBB',
};
const REQUIRED = new Set<Field>(FIELDS.filter((f) => f !== 'lutArn' && f !== 'bank.branch'));
const KEY: Record<Field, string> = {
  gstin: 'gstin',
  iec: 'iec',
  lutArn: 'lutArn',
  'bank.name': 'bankName',
  'bank.accountName': 'accountName',
  'bank.accountNumber': 'accountNumber',
  'bank.ifsc': 'ifsc',
  'bank.swift': 'swift',
  'bank.branch': 'branch',
};

function formOf(answer: BusinessSettingsAnswer | null): Form {
  const s = answer?.settings;
  return {
    gstin: s?.gstin ?? '',
    iec: s?.iec ?? '',
    lutArn: s?.lutArn ?? '',
    'bank.name': s?.bank.name ?? '',
    'bank.accountName': s?.bank.accountName ?? '',
    'bank.accountNumber': s?.bank.accountNumber ?? '',
    'bank.ifsc': s?.bank.ifsc ?? '',
    'bank.swift': s?.bank.swift ?? '',
    'bank.branch': s?.bank.branch ?? '',
  };
}

const bodyOf = (form: Form) => ({
  gstin: form.gstin,
  iec: form.iec,
  lutArn: form.lutArn,
  bank: {
    name: form['bank.name'],
    accountName: form['bank.accountName'],
    accountNumber: form['bank.accountNumber'],
    ifsc: form['bank.ifsc'],
    swift: form['bank.swift'],
    branch: form['bank.branch'],
  },
});

/**
 * The business's GSTIN, IEC, LUT acknowledgement number and bank details, printed on every
 * proforma invoice (`/business-settings`). Each box is checked here by the same rules the server
 * applies (the shared schema), said beside it in the page's language; a refusal by the server
 * shows beside the box it names.
 */
export function BusinessSettingsScreen() {
  const { t, i18n } = useTranslation('business-settings-admin');
  const query = useApiQuery('/admin/business-settings', businessSettingsAnswerSchema);
  const [form, setForm] = useState<Form>(() => formOf(null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);

  useEffect(() => {
    if (query.data) {
      setForm(formOf(query.data));
      setSavedAt(query.data.updatedAt);
    }
  }, [query.data]);

  const placeholder = queryPlaceholder(query, {
    loading: t('loading'),
    failed: t('failed'),
    retry: t('retry'),
  });
  if (placeholder) return placeholder;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = businessSettingsSchema.safeParse(bodyOf(form));
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.join('.') as Field;
        if (!FIELDS.includes(field) || found[field]) continue;
        found[field] = form[field].trim()
          ? t(`invalid.${KEY[field]}`, { example: EXAMPLES[field] ?? '' })
          : t('required');
      }
      setErrors(found);
      setNotice({ tone: 'error', text: t('correct') });
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const answer = checkAnswer(
        await apiRequest('/admin/business-settings', { method: 'PUT', json: checked.data }),
        businessSettingsAnswerSchema,
      );
      setForm(formOf(answer));
      setSavedAt(answer.updatedAt);
      setNotice({ tone: 'success', text: t('saved') });
    } catch (reason) {
      const error = reason instanceof ApiError ? reason : new ApiError(0, String(reason));
      setErrors(
        Object.fromEntries(
          error.issues
            .map((issue) => [issue.path.replace(/^body\./, ''), issue.message] as const)
            .filter(([path]) => (FIELDS as readonly string[]).includes(path)),
        ),
      );
      setNotice({ tone: 'error', text: error.status === 0 ? t('offline') : error.message });
    } finally {
      setIsBusy(false);
    }
  };

  const box = (field: Field) => (
    <TextField
      key={field}
      label={t(`field.${KEY[field]}`)}
      hint={EXAMPLES[field] ? t('example', { example: EXAMPLES[field] }) : undefined}
      value={form[field]}
      required={REQUIRED.has(field)}
      autoComplete="off"
      spellCheck={false}
      onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
      {...(errors[field] ? { error: errors[field] } : {})}
    />
  );

  return (
    <form onSubmit={submit} className="max-w-3xl space-y-6" noValidate>
      {query.data && !query.data.settings ? (
        <p className="rounded-md border border-brand-700 bg-brand-50 px-4 py-3 text-ink">{t('notSet')}</p>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="font-serif text-xl text-brand-900">{t('registrations')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">{(['gstin', 'iec', 'lutArn'] as const).map(box)}</div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-serif text-xl text-brand-900">{t('bank')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.filter((f) => f.startsWith('bank.')).map(box)}
        </div>
      </fieldset>
      {notice ? <Notice tone={notice.tone} text={notice.text} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isBusy}>
          {isBusy ? t('saving') : t('save')}
        </Button>
        {savedAt ? (
          <span className="text-sm text-gray-700">
            {t('savedAt', { when: formatDateTime(savedAt, i18n.language) })}
          </span>
        ) : null}
      </div>
    </form>
  );
}
