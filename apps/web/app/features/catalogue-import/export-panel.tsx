import { useState, type FormEvent } from 'react';
import { CATEGORIES, SUBCATEGORIES } from '@catalogue/shared/domain/categories';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { downloadFile } from '~/lib/download-file';
import { useTranslation } from '~/lib/i18n';

/** The export: the whole catalogue, or the part a category, subcategory or search picks. */
export function ExportPanel() {
  const { t } = useTranslation('catalogue-import');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [search, setSearch] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const query = new URLSearchParams();
    if (category) query.set('category', category);
    if (subcategory) query.set('subcategory', subcategory);
    if (search.trim()) query.set('search', search.trim());
    setIsBusy(true);
    setProblem(null);
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadFile(`/api/admin/catalogue/export?${query.toString()}`, `catalogue-${date}.xlsx`);
    } catch {
      setProblem(t('export.failed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section aria-labelledby="catalogue-export" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="catalogue-export" className="font-serif text-xl text-brand-900">
        {t('export.title')}
      </h2>
      <form onSubmit={(event) => void download(event)} className="mt-3 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('export.category')}
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          placeholder={t('export.all')}
          options={CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
        <SelectField
          label={t('export.subcategory')}
          name="subcategory"
          value={subcategory}
          onChange={(e) => setSubcategory(e.target.value)}
          placeholder={t('export.all')}
          options={SUBCATEGORIES.map((s) => ({ value: s, label: s }))}
        />
        <TextField
          label={t('export.search')}
          name="search"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? t('export.downloading') : t('export.download')}
          </Button>
        </div>
      </form>
      {problem ? <Notice tone="error" text={problem} className="mt-3" /> : null}
    </section>
  );
}
